/** The human form of aria-reconcile's report: a line of totals and short tables. Pure. */
import type { CoverageRatio, ReconcileReport } from "./report";

/** Rows as columns padded to their widest cell. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows]
    .map((r) =>
      `  ${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}`.trimEnd(),
    )
    .join("\n");
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `managed/total (percent%)`. */
const coverageText = (c: CoverageRatio) => `${c.managed}/${c.total} (${c.percent}%)`;

/** The report as a person reads it. */
export function formatReport(report: ReconcileReport): string {
  const out: string[] = [];
  const verdict = {
    "in-sync": "in sync",
    remediated: "drift put back",
    changes: "drift or unmanaged endpoints found",
    violations: "mandatory policies broken",
    error: "failed",
  }[report.result];
  out.push(
    `aria-reconcile: ${verdict}: ${plural(report.stacks.length, "stack")} (${report.stacks.map((s) => s.name).join(", ")}), ` +
      `${plural(report.drifted.length, "drifted resource")}, ${plural(report.unmanaged.length, "unmanaged endpoint")}` +
      `${report.policy ? `, ${plural(report.policy.violations.length, "policy violation")}` : ""}` +
      `${report.coverage ? `, coverage ${coverageText(report.coverage)}` : ""} in ${report.duration}s`,
  );
  if (report.drifted.length > 0) {
    out.push("", "Drifted (what `pulumi up` would do):");
    out.push(
      table(
        [
          "STACK",
          "RESOURCE",
          "TYPE",
          "ACTION",
          "FIELDS",
          ...(report.drifted.some((d) => d.remediated !== undefined) ? ["REMEDIATED"] : []),
        ],
        report.drifted.map((d) => [
          d.stack,
          d.name,
          d.type,
          d.awaiting
            ? `${d.action} (awaiting: request ${d.awaiting.requestId} ${d.awaiting.status})`
            : d.action,
          d.fields.join(",") || "-",
          ...(d.remediated !== undefined ? [d.remediated ? "yes" : "no"] : []),
        ]),
      ),
    );
  }
  if (report.unmanaged.length > 0) {
    const plugin = report.stacks.some((s) => s.door === "plugin");
    out.push("", "Unmanaged (on the server, in no stack):");
    out.push(
      table(
        ["SERVER", "PROJECT", "NAME", "TYPE", "ID"],
        report.unmanaged.map((u) => [u.server, u.project, u.name, u.type, u.id]),
      ),
    );
    out.push(
      "",
      `Adopt one with ${plugin ? "`pulumi import` (its plugin resource)" : "aria-export (a program to copy from)"}:`,
    );
    for (const u of report.unmanaged) out.push(`  ${plugin ? u.adopt.pulumiImport : u.adopt.ariaExport}`);
  }
  if (report.policy && report.policy.violations.length > 0) {
    out.push("", "Policy violations (of the endpoints as they are on the server):");
    out.push(
      table(
        ["STACK", "RESOURCE", "RULE", "LEVEL"],
        report.policy.violations.map((v) => [v.stack, v.name, v.rule, v.enforcementLevel]),
      ),
    );
    for (const v of report.policy.violations) out.push(`  ${v.name}: ${v.message}`);
  }
  if (report.adoption) {
    const a = report.adoption;
    out.push(
      "",
      `Adoption: ${a.dir} adopts ${a.covered} of ${plural(a.unmanaged, "unmanaged endpoint")} (${a.files.join(", ") || "no file"})` +
        (a.settings.length > 0
          ? `; ${plural(a.settings.length, "secret")} to fill in: see its README.md`
          : ""),
    );
  }
  const coverage = report.coverage;
  if (coverage && (coverage.managed < coverage.total || coverage.servers.length > 1)) {
    out.push("", "Coverage (endpoints the stacks manage, of all in the projects looked in):");
    out.push(
      table(
        ["SERVER", "PROJECT", "MANAGED"],
        [
          ...coverage.servers.flatMap((s) => [
            ...s.projects.map((p) => [s.server, p.project || "-", coverageText(p)]),
            ...(s.projects.length > 1 ? [[s.server, "(all)", coverageText(s)]] : []),
          ]),
          ...(coverage.servers.length > 1 ? [["(all)", "(all)", coverageText(coverage)]] : []),
        ],
      ),
    );
  }
  return `${out.join("\n")}\n`;
}
