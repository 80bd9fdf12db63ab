// @ts-check
// The one maker of TLS certificates for the project's local servers (the demo's stand-in CI server,
// test/support/certificates.ts): RSA 2048 keys signed with SHA-256 by `selfsigned`, self-signed
// unless an issuer is given, valid for a year from `notBefore` (now).
"use strict";

const { X509Certificate } = require("node:crypto");
const selfsigned = require("selfsigned");

/** PEM key and certificate, and its SHA-256 fingerprint as the Aria API writes it. @typedef {{ key: string, cert: string, fingerprint: string }} Certificate */

/**
 * What to certify: `ca` may sign certificates; `serverAuth` marks it for TLS servers.
 * @typedef {{ commonName: string, organization?: string, dnsNames?: readonly string[], ips?: readonly string[],
 *   ca?: boolean, serverAuth?: boolean, issuer?: { key: string, cert: string }, notBefore?: Date }} CertificateRequest
 */

/** @typedef {NonNullable<NonNullable<Parameters<typeof selfsigned.generate>[1]>["extensions"]>} Extensions */

/** The SHA-256 fingerprint of a PEM certificate, upper-case hex without colons. @param {string} pem */
function sha256Fingerprint(pem) {
  return new X509Certificate(pem).fingerprint256.replace(/:/g, "");
}

/** Makes a certificate (see CertificateRequest). @param {CertificateRequest} request */
async function makeCertificate(request) {
  const subject = [{ name: "commonName", value: request.commonName }];
  if (request.organization) subject.push({ name: "organizationName", value: request.organization });
  /** @type {Extensions} */
  const extensions = [{ name: "basicConstraints", cA: !!request.ca }];
  if (request.serverAuth) {
    extensions.push(
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: !!request.ca },
      { name: "extKeyUsage", serverAuth: true },
    );
  }
  /** @type {Array<{ type: 2, value: string } | { type: 7, ip: string }>} */
  const altNames = [
    ...(request.dnsNames ?? []).map((value) => ({ type: /** @type {const} */ (2), value })),
    ...(request.ips ?? []).map((ip) => ({ type: /** @type {const} */ (7), ip })),
  ];
  if (altNames.length > 0) extensions.push({ name: "subjectAltName", altNames });
  const pems = await selfsigned.generate(subject, {
    keySize: 2048,
    algorithm: "sha256",
    extensions,
    ...(request.notBefore && { notBeforeDate: request.notBefore }),
    ...(request.issuer && { ca: request.issuer }),
  });
  return { key: pems.private, cert: pems.cert, fingerprint: sha256Fingerprint(pems.cert) };
}

module.exports = { makeCertificate, sha256Fingerprint };
