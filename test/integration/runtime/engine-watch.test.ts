import * as net from "node:net";
import { hostAndPort, watchEngine } from "../../../provider/runtime/engine-watch";

/*
 * A provider process exits once its engine is gone (provider/runtime/engine-watch.ts): a
 * loopback server stands for the engine; closing it is the engine's death.
 */

function listen(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) => socket.destroy());
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

describe("watchEngine", () => {
  it("calls back once the engine's address refuses connections, and not before", async () => {
    const server = await listen();
    const { port } = server.address() as net.AddressInfo;
    let accepted = 0;
    server.on("connection", () => accepted++);
    // Two probes answered while the engine lives...
    const probed = new Promise<void>((resolve) => server.on("connection", () => accepted >= 2 && resolve()));
    let gone = false;
    const goneCalled = new Promise<void>((resolve) => {
      watchEngine(
        { host: "127.0.0.1", port },
        () => {
          gone = true;
          resolve();
        },
        10,
      );
    });
    await probed;
    expect(gone).toBe(false);
    // ...then the engine dies.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await goneCalled;
    expect(gone).toBe(true);
  });

  it("calls back no more once stopped", async () => {
    const server = await listen();
    const { port } = server.address() as net.AddressInfo;
    let stoppedCalled = false;
    const stop = watchEngine({ host: "127.0.0.1", port }, () => (stoppedCalled = true), 10);
    stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // A watcher started later on the same dead address calls back: the stopped one, earlier, did not.
    await new Promise<void>((resolve) => watchEngine({ host: "127.0.0.1", port }, resolve, 10));
    expect(stoppedCalled).toBe(false);
  });
});

describe("hostAndPort", () => {
  it("reads the host and port of the address the engine passes its providers", () => {
    expect(hostAndPort("127.0.0.1:39215")).toEqual({ host: "127.0.0.1", port: 39215 });
    expect(hostAndPort("[::1]:5000")).toEqual({ host: "::1", port: 5000 });
  });
});
