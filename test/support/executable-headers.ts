/*
 * What an executable's headers say, read from its bytes with no tool: its format (ELF, Mach-O, PE),
 * the architecture its header names, and what a release test checks beside: the Mach-O segments and
 * whether a code signature is there (a Mach-O LC_CODE_SIGNATURE, a PE security directory).
 * References: the ELF header (e_machine at 18), <mach-o/loader.h> (mach_header_64, load commands),
 * Microsoft's PE format (COFF Machine, the optional header's data directories).
 */

export interface ExecutableHeader {
  format: "elf" | "macho" | "pe";
  /** "x86-64", "arm64", or the raw machine number for anything else. */
  machine: string;
  /** Mach-O: the names of its segments (NODE_SEA holds a Node single executable's blob). */
  segments: string[];
  /** Mach-O: an LC_CODE_SIGNATURE; PE: a non-empty security (Authenticode) directory; ELF: false. */
  signed: boolean;
}

const ELF_MACHINES: Record<number, string> = { 62: "x86-64", 183: "arm64" };
const MACHO_CPUS: Record<number, string> = { 0x01000007: "x86-64", 0x0100000c: "arm64" };
const PE_MACHINES: Record<number, string> = { 0x8664: "x86-64", 0xaa64: "arm64" };
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;

/** The header of a 64-bit little-endian executable; throws naming what the bytes are not. */
export function readExecutableHeader(bytes: Buffer): ExecutableHeader {
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    if (bytes[4] !== 2 || bytes[5] !== 1) throw new Error("an ELF file, but not 64-bit little-endian");
    const machine = bytes.readUInt16LE(18);
    return { format: "elf", machine: ELF_MACHINES[machine] ?? String(machine), segments: [], signed: false };
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = bytes.readInt32LE(4);
    const ncmds = bytes.readUInt32LE(16);
    const segments: string[] = [];
    let signed = false;
    let offset = 32;
    for (let i = 0; i < ncmds; i++) {
      const cmd = bytes.readUInt32LE(offset);
      if (cmd === LC_SEGMENT_64)
        segments.push(bytes.toString("latin1", offset + 8, offset + 24).replace(/\0+$/, ""));
      if (cmd === LC_CODE_SIGNATURE) signed = true;
      offset += bytes.readUInt32LE(offset + 4);
    }
    return { format: "macho", machine: MACHO_CPUS[cpu] ?? String(cpu), segments, signed };
  }
  if (bytes.toString("latin1", 0, 2) === "MZ") {
    const pe = bytes.readUInt32LE(0x3c);
    if (bytes.toString("latin1", pe, pe + 4) !== "PE\0\0") throw new Error("an MZ file without a PE header");
    const machine = bytes.readUInt16LE(pe + 4);
    const optional = pe + 24;
    if (bytes.readUInt16LE(optional) !== 0x20b) throw new Error("a PE file, but not PE32+ (64-bit)");
    // PE32+: 112 bytes of fields, then the data directories (8 bytes each); the 5th is the security one.
    const securitySize = bytes.readUInt32LE(optional + 112 + 4 * 8 + 4);
    return {
      format: "pe",
      machine: PE_MACHINES[machine] ?? String(machine),
      segments: [],
      signed: securitySize > 0,
    };
  }
  throw new Error(
    `not an ELF, Mach-O (64-bit) or PE executable: it starts ${bytes.subarray(0, 4).toString("hex")}`,
  );
}
