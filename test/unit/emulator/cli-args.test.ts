import { CLI_DEFAULT_PORT, parseCli } from "../../../emulator/cli-args";

describe("the command line", () => {
  it("maps every flag onto an emulator option", () => {
    const command = parseCli([
      "--port=0",
      "--host",
      "127.0.0.1",
      "--data",
      "/tmp/x.json",
      "--token-ttl",
      "60",
      "--request-delay-ms",
      "10",
      "--seed-resources",
      "5",
    ]);
    expect(command).toEqual({
      kind: "start",
      options: {
        port: 0,
        host: "127.0.0.1",
        dataFile: "/tmp/x.json",
        tokenTtlSeconds: 60,
        requestDelayMs: 10,
        seedResources: 5,
      },
    });
  });

  it("seeds a project per --project flag, in order", () => {
    expect(parseCli(["--project", "Team A", "--project=Team B"])).toEqual({
      kind: "start",
      options: { port: CLI_DEFAULT_PORT, projects: ["Team A", "Team B"] },
    });
  });

  it("takes a distant server's round trip and rate limit", () => {
    expect(parseCli(["--latency-ms", "100", "--rate-limit=50"])).toEqual({
      kind: "start",
      options: { port: CLI_DEFAULT_PORT, latencyMs: 100, rateLimit: 50 },
    });
    expect(() => parseCli(["--rate-limit", "many"])).toThrow("--rate-limit expects a number, got 'many'");
  });

  it("serves VCF Automation 9 with --product, its organizations and version", () => {
    expect(
      parseCli([
        "--product",
        "vcf-automation-9",
        "--organization",
        "vm-apps",
        "--organization",
        "finance",
        "--application-version",
        "9.0.2.0",
      ]),
    ).toEqual({
      kind: "start",
      options: {
        port: CLI_DEFAULT_PORT,
        product: "vcf-automation-9",
        organizations: ["vm-apps", "finance"],
        applicationVersion: "9.0.2.0",
      },
    });
    expect(() => parseCli(["--product", "vra-9"])).toThrow(
      /--product expects one of aria-automation-8, vcf-automation-9, got 'vra-9'/,
    );
  });

  it("listens on port 8080 unless told otherwise", () => {
    expect(parseCli([])).toEqual({ kind: "start", options: { port: CLI_DEFAULT_PORT } });
  });

  it("asks for help with --help or -h", () => {
    expect(parseCli(["--help"])).toEqual({ kind: "help" });
    expect(parseCli(["-h"])).toEqual({ kind: "help" });
  });

  it("rejects unknown flags, bad numbers and half a TLS configuration", () => {
    expect(() => parseCli(["--colour"])).toThrow(/Unknown option '--colour'/);
    expect(() => parseCli(["--port", "eighty"])).toThrow("--port expects a number, got 'eighty'");
    expect(() => parseCli(["--tls-key", "k.pem"])).toThrow("--tls-key and --tls-cert must be given together");
  });
});
