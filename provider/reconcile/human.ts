/** The human form of aria-reconcile's report: a line of totals and short tables. Pure. */
import type { ReconcileReport } from "./report";

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

/** The report as a person reads it. */
export function formatReport(report: ReconcileReport): string {
  const out: string[] = [];
  const verdict = {
    "in-sync": "in sync",
    remediated: "drift put back",
    changes: "drift or unmanaged endpoints found",
    error: "failed",
  }[report.result];
  out.push(
    `aria-reconcile: ${verdict}: ${plural(report.stacks.length, "stack")} (${report.stacks.map((s) => s.name).join(", ")}), ` +
      `${plural(report.drifted.length, "drifted resource")}, ${plural(report.unmanaged.length, "unmanaged endpoint")} ` +
      `in ${report.duration}s`,
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
          d.action,
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
  return `${out.join("\n")}\n`;
}
