import { previewComment } from "../../../provider/preview-comment/comment";
import { code, text } from "../../../provider/preview-comment/markdown";
import { GITHUB_COMMENT_LIMIT } from "../../../provider/preview-comment/render";
import { dynamicEvents, endpoint, lines, pluginDigest, step, urn } from "./previews";

const digest = (steps: unknown[], diagnostics: unknown[] = []) => JSON.stringify({ steps, diagnostics });

describe("the pull request's comment of a preview", () => {
  it("leads with the summary: failed, the mandatory violations, the count of each action", () => {
    const markdown = previewComment(lines(dynamicEvents()), { stack: "acme/infra/prod", exitCode: 255 });
    const [summary] = markdown.split("#### Resources");
    expect(summary).toBe(
      [
        "### ❌ `pulumi preview` of `acme/infra/prod` failed",
        "",
        "**1 mandatory policy violation**, 1 advisory finding",
        "",
        "| create | update | replace | delete | unchanged |",
        "|:-:|:-:|:-:|:-:|:-:|",
        "| 0 | 2 | 0 | 0 | 0 |",
        "",
        "Policy packs: `aria-endpoints@0.1.0`",
        "",
        "",
      ].join("\n"),
    );
  });

  it("says a preview passed, and that the digest holds no policy findings", () => {
    const markdown = previewComment(JSON.stringify(pluginDigest()), { exitCode: 0 });
    expect(markdown.startsWith("### ✅ `pulumi preview` passed\n")).toBe(true);
    expect(markdown).toContain("| 1 | 1 | 1 | 1 | 1 |");
    expect(markdown).toContain(
      "The policy pack's findings are not in `pulumi preview --json`'s summary document",
    );
  });

  it("marks a preview failed when its exit code says so though its JSON shows no failure", () => {
    const markdown = previewComment(JSON.stringify(pluginDigest()), { exitCode: 1 });
    expect(markdown).toMatch(
      /^### ❌ `pulumi preview` failed\n\n[^\n]*\*\*exit code 1\*\*: see the job's log/,
    );
  });

  it("shows each resource's action, changed fields and what forces its replacement", () => {
    const markdown = previewComment(JSON.stringify(pluginDigest()));
    expect(markdown).toContain(
      "**✏️ update** `jenkins` · `aria:index:Endpoint`\n\n" +
        "- **Changed:** `properties.url`, `secretProperties.password` (secret changed)\n",
    );
    expect(markdown).toContain(
      "**🔁 replace** `git` · `aria:index:Endpoint`\n\n- **Changed:** `project`\n- **Replaced because of:** `project`\n",
    );
    expect(markdown).toContain(
      "**➕ create** `new-jenkins` · `aria:index:Endpoint`\n\n- **Sets:** `description`, ",
    );
    expect(markdown).toContain("**🗑️ delete** `old` · `aria:index:Endpoint`");
    expect(markdown).not.toContain("`quiet`");
  });

  it("shows the server's verdict, check failures and policy findings under their resource", () => {
    const events = lines(dynamicEvents());
    // What fails the preview first: `unpinned` (a mandatory violation) comes after `restricted` in it.
    const listed = previewComment(events);
    expect(listed.indexOf("**✏️ update** `unpinned`")).toBeLessThan(
      listed.indexOf("**✏️ update** `restricted`"),
    );
    expect(previewComment(events)).toContain(
      "**✏️ update** `unpinned` · `pulumi-nodejs:dynamic/aria:Endpoint`\n\n" +
        "- **Changed:** `properties.url`\n" +
        "- ❌ **Policy** `aria-endpoint-plain-http` (mandatory): endpoint 'ci-unpinned' (resource 'unpinned'): " +
        "properties.url uses plain http (host jenkins.lab.example.com:8080).\n",
    );
    expect(previewComment(events)).toContain(
      "- **Changed:** no field shown: the provider named none, and no input the CLI shows differs (so most likely a secret changed",
    );
    const name = "aria:index:Endpoint resource 'ci'";
    const refused = previewComment(
      digest(
        [step("create", "ci", undefined, endpoint("ci"))],
        [
          {
            urn: urn("ci"),
            severity: "error",
            message: `error: Preview failed: ${name} has a problem: the server's validation of the endpoint failed: Failed to connect to jenkins server endpoint\n`,
          },
          {
            urn: urn("ci"),
            severity: "error",
            message: `error: ${name}: property properties.pollInterval value {often} has a problem: 'pollInterval' must be an integer\n`,
          },
        ],
      ),
    );
    expect(refused).toContain("**1 endpoint refused by the server's validation** · **1 check failure**");
    expect(refused).toContain(
      "- ❌ **The server's validation failed:** Failed to connect to jenkins server endpoint\n",
    );
    expect(refused).toContain(
      "- ❌ **Check:** `properties.pollInterval`: 'pollInterval' must be an integer\n",
    );
  });

  it("folds the full diff below, old and new values of each changed path, and a secret's never", () => {
    const markdown = previewComment(JSON.stringify(pluginDigest()));
    const folded = markdown.slice(markdown.indexOf("<details>"));
    expect(folded.startsWith("<details><summary>Full diff (4 resources)</summary>\n\n```diff\n")).toBe(true);
    expect(folded).toContain(
      [
        "~ jenkins (aria:index:Endpoint): update",
        '-   properties.url: "https://ci-jenkins.example.com"',
        '+   properties.url: "https://jenkins2.example.com"',
        "~   secretProperties.password: secret changed",
      ].join("\n"),
    );
    expect(folded).toContain(
      '-   project: "Platform" (forces replacement)\n+   project: "Payments" (forces replacement)',
    );
    expect(folded).toContain("+   secretProperties: secret set");
    expect(folded.trimEnd().endsWith("```\n\n</details>")).toBe(true);
  });

  it("never shows a secret's value, whether the CLI masked it or a credential's key holds it in clear", () => {
    const before = endpoint("ci", {
      properties: { url: "https://a.example.com", apiToken: "plain-T0ken-1" },
    });
    const after = endpoint("ci", { properties: { url: "https://a.example.com", apiToken: "plain-T0ken-2" } });
    const markdown = previewComment(
      digest(
        [step("update", "ci", before, after)],
        [{ urn: urn("ci"), severity: "warning", message: "warning: apiToken plain-T0ken-2 looks odd\n" }],
      ),
    );
    expect(markdown).toContain("`properties.apiToken` (secret changed)");
    expect(markdown).toContain("~   properties.apiToken: secret changed");
    expect(markdown).toContain("apiToken \\[secret\\] looks odd");
    expect(markdown).not.toMatch(/plain-T0ken/);
    expect(markdown).not.toContain("1b47061264138c4ac30d75fd1eb44270");
  });

  it("writes names and messages as text: no markup, HTML, formula or mention", () => {
    expect(text("<img src=x> *bold* [a](b) | $x$ @octocat `c`")).toBe(
      "&lt;img src=x&gt; \\*bold\\* \\[a\\](b) \\| \\$x\\$ @\u200boctocat \\`c\\`",
    );
    expect(code("a ` b")).toBe("``a ` b``");
    const markdown = previewComment(
      digest(
        [step("create", "<b>x</b>", undefined, endpoint("ci"))],
        [
          {
            urn: urn("<b>x</b>"),
            severity: "error",
            message: "error: see <script>alert(1)</script> @admin\n",
          },
        ],
      ),
    );
    expect(markdown).toContain("**➕ create** `<b>x</b>`");
    expect(markdown).toContain("- ❌ **Error:** see &lt;script&gt;alert(1)&lt;/script&gt; @\u200badmin");
    expect(markdown).not.toContain("<script>");
  });

  it("cuts the folded diff first to fit GitHub's limit, then the resources, saying so each time", () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      step("create", `endpoint-${i}`, undefined, endpoint(`ci-${i}`, { description: "d".repeat(200) })),
    );
    const full = previewComment(digest(many), { maxLength: 10_000_000 });
    expect(full.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT);
    const cut = previewComment(digest(many));
    expect(cut.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(cut).toContain("**➕ create** `endpoint-249`");
    expect(cut).toMatch(
      /The full diff is cut to fit GitHub's comment limit \(65536 characters\): \d+ of 250 resources shown/,
    );
    expect(cut.trimEnd().endsWith("</details>")).toBe(true);

    const small = previewComment(digest(many), { maxLength: 20_000 });
    expect(small.length).toBeLessThanOrEqual(20_000);
    expect(small.startsWith("### ✅ `pulumi preview` passed")).toBe(true);
    expect(small).not.toContain("<details>");
    expect(small).toMatch(
      /_\d+ more resources and the full diff are left out to fit GitHub's comment limit \(20000 characters\)/,
    );
  });
});
