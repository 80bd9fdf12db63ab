#!/usr/bin/env node
/** `aria-emulator`: runs the emulator until SIGINT or SIGTERM. */
import { USAGE, parseCli } from "./cli-args";
import { startEmulator } from "./index";

async function main(): Promise<void> {
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`aria-emulator: ${(e as Error).message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const emulator = await startEmulator(command.options);
  process.stdout.write(`listening on ${emulator.url}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (e: Error) => {
        process.stderr.write(`aria-emulator: ${e.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e: Error) => {
  process.stderr.write(`aria-emulator: ${e.message}\n`);
  process.exit(1);
});
