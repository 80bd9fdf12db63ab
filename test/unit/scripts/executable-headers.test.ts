import { readExecutableHeader } from "../../support/executable-headers";

/*
 * The header reader of the release archives' test (test/support/executable-headers.ts) on minimal
 * headers built here byte by byte: each format's magic, the machine field and the signature marks.
 */

function elf(machine: number): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(0x7f454c46, 0);
  b[4] = 2; // 64-bit
  b[5] = 1; // little-endian
  b.writeUInt16LE(machine, 18);
  return b;
}

function macho(cpu: number, commands: Array<{ cmd: number; segname?: string }>): Buffer {
  const size = 72;
  const b = Buffer.alloc(32 + size * commands.length);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeInt32LE(cpu, 4);
  b.writeUInt32LE(commands.length, 16);
  commands.forEach((c, i) => {
    const at = 32 + size * i;
    b.writeUInt32LE(c.cmd, at);
    b.writeUInt32LE(size, at + 4);
    if (c.segname) b.write(c.segname, at + 8, "latin1");
  });
  return b;
}

function pe(machine: number, securitySize: number): Buffer {
  const b = Buffer.alloc(0x200);
  b.write("MZ", 0, "latin1");
  const at = 0x80;
  b.writeUInt32LE(at, 0x3c);
  b.write("PE\0\0", at, "latin1");
  b.writeUInt16LE(machine, at + 4);
  b.writeUInt16LE(0x20b, at + 24);
  b.writeUInt32LE(securitySize, at + 24 + 112 + 4 * 8 + 4);
  return b;
}

describe("readExecutableHeader", () => {
  it("reads an ELF's machine", () => {
    expect(readExecutableHeader(elf(62))).toEqual({
      format: "elf",
      machine: "x86-64",
      segments: [],
      signed: false,
    });
    expect(readExecutableHeader(elf(183)).machine).toBe("arm64");
    expect(readExecutableHeader(elf(40)).machine).toBe("40");
  });

  it("reads a Mach-O's CPU, its segments and its code signature", () => {
    const signed = macho(0x0100000c, [
      { cmd: 0x19, segname: "__TEXT" },
      { cmd: 0x19, segname: "NODE_SEA" },
      { cmd: 0x1d },
    ]);
    expect(readExecutableHeader(signed)).toEqual({
      format: "macho",
      machine: "arm64",
      segments: ["__TEXT", "NODE_SEA"],
      signed: true,
    });
    expect(readExecutableHeader(macho(0x01000007, [{ cmd: 0x19, segname: "__TEXT" }]))).toMatchObject({
      machine: "x86-64",
      signed: false,
    });
  });

  it("reads a PE's machine and whether it carries an Authenticode signature", () => {
    expect(readExecutableHeader(pe(0x8664, 0))).toEqual({
      format: "pe",
      machine: "x86-64",
      segments: [],
      signed: false,
    });
    expect(readExecutableHeader(pe(0xaa64, 9000))).toMatchObject({ machine: "arm64", signed: true });
  });

  it("names what is not an executable it knows", () => {
    expect(() => readExecutableHeader(Buffer.from("#!/bin/sh\necho hi\n"))).toThrow(
      /not an ELF, Mach-O \(64-bit\) or PE executable: it starts 2321/,
    );
  });
});
