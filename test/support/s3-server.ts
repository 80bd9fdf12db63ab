/*
 * An S3-compatible server on loopback for the tests of the Pulumi S3 backend: moto's `moto_server`
 * (moto 5.2.1, `pip install 'moto[server]'`), started on an ephemeral port by the test that needs it
 * and stopped by it. Nothing is mocked: the Pulumi CLI talks to it through its own S3 driver
 * (gocloud.dev over the AWS SDK for Go v2), as it would to AWS or MinIO.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";

/** A running S3 server with one bucket. */
export interface S3Server {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  /** The bucket created for the test. */
  readonly bucket: string;
  /** What `pulumi login` takes: `s3://<bucket>?endpoint=...&s3ForcePathStyle=true&region=us-east-1`. */
  readonly backendUrl: string;
  /**
   * The environment a Pulumi run needs on top of its own: the backend URL and the credentials the
   * AWS SDK reads (moto accepts any); checksum validation only when required (moto's answers carry
   * none, and the SDK warns on each).
   */
  readonly env: Record<string, string>;
  /** The object keys under a prefix (e.g. `.pulumi/locks/`), read through the S3 API. */
  keys(prefix?: string): Promise<string[]>;
  /** Stops the server. */
  close(): Promise<void>;
}

/** The moto_server command; `MOTO_SERVER` overrides it (a path, or another name on PATH). */
const MOTO_SERVER = process.env.MOTO_SERVER ?? "moto_server";

/** Starts `moto_server` on a free loopback port and creates a bucket; fails naming what is missing. */
export async function startS3Server(): Promise<S3Server> {
  const child = spawn(MOTO_SERVER, ["-H", "127.0.0.1", "-p", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  const port = await listeningPort(child);
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `pulumi-state-${randomBytes(4).toString("hex")}`;
  const created = await fetch(`${endpoint}/${bucket}`, { method: "PUT" });
  if (!created.ok) {
    child.kill("SIGKILL");
    throw new Error(`moto_server did not create bucket ${bucket}: HTTP ${created.status}`);
  }
  const backendUrl = `s3://${bucket}?endpoint=${endpoint}&s3ForcePathStyle=true&region=us-east-1`;
  return {
    endpoint,
    bucket,
    backendUrl,
    env: {
      PULUMI_BACKEND_URL: backendUrl,
      AWS_ACCESS_KEY_ID: "test-access-key",
      AWS_SECRET_ACCESS_KEY: "test-secret-key",
      AWS_REGION: "us-east-1",
      AWS_RESPONSE_CHECKSUM_VALIDATION: "when_required",
      AWS_REQUEST_CHECKSUM_CALCULATION: "when_required",
    },
    async keys(prefix = "") {
      const answer = await fetch(`${endpoint}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
      const xml = await answer.text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]);
    },
    close: () => stop(child),
  };
}

/** The port moto_server reports (`Running on http://127.0.0.1:<port>`), or its failure. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Running on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        // Keep draining its output so that the server never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (error) =>
      reject(
        new Error(
          `Cannot start ${MOTO_SERVER} (${error.message}): install it with \`pip install 'moto[server]==5.2.1'\`, ` +
            "or set MOTO_SERVER to its path.",
        ),
      ),
    );
    child.once("exit", (code) =>
      reject(new Error(`${MOTO_SERVER} exited (${code}) before listening:\n${output}`)),
    );
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
