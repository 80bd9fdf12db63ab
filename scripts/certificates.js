// @ts-check
// The one maker of TLS certificates for the project's local servers: the demo's stand-in CI server
// and the tests' (test/support/certificates.ts builds its loopback certificate and small CA on it).
// RSA 2048 keys signed with SHA-256, by `selfsigned`; a certificate is self-signed unless an issuer
// is given.
"use strict";

const { X509Certificate } = require("node:crypto");
const selfsigned = require("selfsigned");

/**
 * A certificate and its private key, PEM, with its SHA-256 fingerprint as the Aria API writes it.
 * @typedef {object} Certificate
 * @property {string} key the private key
 * @property {string} cert the certificate
 * @property {string} fingerprint SHA-256 of the certificate, upper-case hex without colons
 */

/**
 * What to certify.
 * @typedef {object} CertificateRequest
 * @property {string} commonName the subject's CN
 * @property {string} [organization] the subject's O
 * @property {readonly string[]} [dnsNames] subjectAltName DNS entries
 * @property {readonly string[]} [ips] subjectAltName IP entries
 * @property {boolean} [ca] a certificate authority (may sign certificates) rather than a leaf
 * @property {boolean} [serverAuth] marks it for TLS servers (keyUsage and extKeyUsage)
 * @property {{ key: string, cert: string }} [issuer] the CA that signs it; self-signed when not given
 * @property {Date} [notBefore] the start of its validity (now when not given); it lasts a year
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
