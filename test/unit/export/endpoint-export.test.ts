import { endpointExportOf } from "../../../provider/client/schemas";
import { describeIssues } from "../../../provider/client/api-caller";

const DOCUMENT = `---
project: Platform
kind: ENDPOINT
name: ci
description: CI server
type: jenkins
properties:
  url: https://jenkins.example.com
  username: ci
  password: "s3cret: with colon"
  pollInterval: 15
`;

describe("an endpoint's export document", () => {
  it("is read from the YAML the export route answers, secrets in clear and numbers as numbers", () => {
    expect(endpointExportOf("ci").parse(DOCUMENT)).toEqual({
      project: "Platform",
      kind: "ENDPOINT",
      name: "ci",
      description: "CI server",
      type: "jenkins",
      properties: {
        url: "https://jenkins.example.com",
        username: "ci",
        password: "s3cret: with colon",
        pollInterval: 15,
      },
    });
  });

  it("is the document of the endpoint asked for when the answer holds several", () => {
    const other = DOCUMENT.replace("name: ci", "name: other").replace("s3cret", "other-secret");
    expect(endpointExportOf("ci").parse(`${other}${DOCUMENT}`).properties.password).toBe(
      "s3cret: with colon",
    );
    expect(endpointExportOf("other").parse(`${other}${DOCUMENT}`).properties.password).toBe(
      "other-secret: with colon",
    );
  });

  it("takes an answer already parsed as JSON, and properties left out as none", () => {
    const parsed = endpointExportOf("ci").parse({ name: "ci", type: "jenkins", properties: null });
    expect(parsed.properties).toEqual({});
  });

  it("is refused, naming only the position, when the YAML is malformed: the text (secrets) is never quoted", () => {
    const broken = `${DOCUMENT}  password: [unclosed s3cret-in-broken-text\n`;
    const result = endpointExportOf("ci").safeParse(broken);
    expect(result.success).toBe(false);
    const message = describeIssues(result.error!.issues);
    expect(message).toMatch(/the export is not valid YAML at line \d+, column \d+/);
    expect(message).not.toContain("s3cret");
  });

  it("is refused when no document is of that endpoint, or it lacks its type", () => {
    const two = `${DOCUMENT}${DOCUMENT.replace("name: ci", "name: other")}`;
    const missing = endpointExportOf("nope").safeParse(two);
    expect(describeIssues(missing.error!.issues)).toMatch(/no endpoint document named as asked \(2 YAML/);
    const untyped = endpointExportOf("ci").safeParse(DOCUMENT.replace("type: jenkins\n", ""));
    expect(describeIssues(untyped.error!.issues)).toMatch(/^unexpected answer: type: /);
    expect(describeIssues(untyped.error!.issues)).not.toContain("s3cret");
  });
});
