import { createSign, generateKeyPairSync } from 'node:crypto';

/**
 * An RSA key and a self-signed X.509 certificate for it, made with node:crypto alone (no
 * certificate library is installed): the few DER structures of a version 1 certificate,
 * signed with SHA-256. Enough for a SAML identity provider peer whose signing certificate
 * Weft is configured with; a fresh one per peer, so nothing secret lives in the repository.
 */
export interface SelfSignedCertificate {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** X.509 PEM. */
  certificate: string;
}

export function selfSignedCertificate(commonName: string, validDays = 365): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sha256WithRsa = sequence(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const name = sequence(set(sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
  const now = Date.now();
  const tbs = sequence(
    integer(Buffer.from([0x01])),
    sha256WithRsa,
    name,
    sequence(utcTime(new Date(now - 60 * 60_000)), utcTime(new Date(now + validDays * 24 * 60 * 60_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('sha256').update(tbs).sign(privateKey);
  const der = sequence(tbs, sha256WithRsa, tlv(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificate: pem('CERTIFICATE', der) };
}

/** The certificate's base64 body on one line, as identity providers' metadata shows it. */
export function certificateBody(pemText: string): string {
  return pemText.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function tlv(tag: number, value: Buffer): Buffer {
  const length = value.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), value]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | bytes.length, ...bytes]), value]);
}

function sequence(...parts: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(parts));
}

function set(...parts: Buffer[]): Buffer {
  return tlv(0x31, Buffer.concat(parts));
}

function integer(value: Buffer): Buffer {
  return tlv(0x02, value);
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return tlv(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
