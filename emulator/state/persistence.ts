import { mkdirSync, readFileSync } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Reads a data file; `undefined` when it does not exist, an error naming the file when it is
 * unreadable, not JSON, or not of the expected shape (`isValid`; `format` names it in the message).
 */
export function readDataFile<T>(
  file: string,
  format: string,
  isValid: (data: unknown) => data is T,
): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`Cannot read emulator data file '${file}': ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(
      `Emulator data file '${file}' is not valid JSON (${(e as Error).message}); move it away to start fresh`,
    );
  }
  if (!isValid(data)) {
    throw new Error(
      `Emulator data file '${file}' is not in the '${format}' format; move it away to start fresh`,
    );
  }
  return data;
}

/**
 * Writes the data file after changes, debounced, atomically (temp file + fsync + rename), one
 * write at a time. `flush()` writes pending changes now (used by close()).
 */
export class DataFileWriter {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private sequence = 0;

  constructor(
    private readonly file: string,
    private readonly render: () => string,
    private readonly debounceMs = 50,
  ) {
    mkdirSync(dirname(file), { recursive: true });
  }

  /** Notes a change; the file is written within `debounceMs`. */
  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((e) => process.stderr.write(`aria-emulator: ${(e as Error).message}\n`));
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes pending changes now and waits for every write to finish. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.dirty) {
      this.dirty = false;
      const text = this.render();
      this.writing = this.writing.catch(() => undefined).then(() => this.write(text));
    }
    return this.writing;
  }

  private async write(text: string): Promise<void> {
    this.sequence += 1;
    const temp = `${this.file}.${process.pid}.${this.sequence}.tmp`;
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.file);
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw new Error(`Cannot write emulator data file '${this.file}': ${(e as Error).message}`);
    }
    await this.syncDirectory();
  }

  /** Makes the rename itself durable (best effort; not every platform allows it). */
  private async syncDirectory(): Promise<void> {
    try {
      const dir = await open(dirname(this.file), "r");
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    } catch {
      // Directories cannot be opened for syncing on some platforms.
    }
  }
}
