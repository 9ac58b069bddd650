/**
 * S3's XML: the REST error document (Amazon S3 API Reference, Error responses), the DeleteObjects request it reads and
 * the DeleteResult and ListBucketResult documents it answers.
 */
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A refusal S3 would give: the HTTP status, S3's code and message, and the elements that code carries besides. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text content back from XML; null when an `&` starts no entity XML knows (not well-formed). */
function xmlUnescape(text: string): string | null {
  let wellFormed = true;
  const out = text.replace(/&([^;&]*);?/g, (whole, name: string) => {
    const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#([0-9]+)$/.exec(name)?.[1];
    if (whole.endsWith(';') && code !== undefined) return String.fromCodePoint(parseInt(code, /^#x/i.test(name) ? 16 : 10));
    if (whole.endsWith(';') && ENTITIES[name]) return ENTITIES[name];
    wellFormed = false;
    return whole;
  });
  return wellFormed ? out : null;
}

/** `<name>value</name>` for each defined value, escaped. */
export const elements = (values: Record<string, string | number | boolean | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<${name}>${xmlEscape(String(value))}</${name}>`)
    .join('');

/** A response document in S3's namespace. */
export const xmlDocument = (root: string, inner: string) => `${XML_DECLARATION}<${root} xmlns="${XMLNS}">${inner}</${root}>`;

/** The REST error document: `<Error><Code/><Message/>…<RequestId/><HostId/></Error>` (no namespace). */
export const errorDocument = (error: S3Error, requestId: string, hostId: string) =>
  `${XML_DECLARATION}<Error>${elements({ Code: error.code, Message: error.message, ...error.details, RequestId: requestId, HostId: hostId })}</Error>`;

export const malformedXml = () =>
  new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');

/** Child elements of simple content, in order: `<A>text</A><B>text</B>`; null when the text is anything else. */
function simpleChildren(xml: string): [string, string][] | null {
  const children: [string, string][] = [];
  const child = /\s*<([A-Za-z]+)>([^<]*)<\/\1>\s*|\s*<([A-Za-z]+)\/>\s*/y;
  while (child.lastIndex < xml.length) {
    const match = child.exec(xml);
    if (!match) return null;
    const value = xmlUnescape(match[2] ?? '');
    if (value === null) return null;
    children.push([match[1] ?? match[3]!, value]);
  }
  return children;
}

/**
 * The body of DeleteObjects: `<Delete><Object><Key>…</Key></Object>…<Quiet>true</Quiet></Delete>`. MalformedXML for
 * anything that does not validate (no Object, an Object without one Key, a Key of length 0); the ObjectIdentifier
 * fields the fake does not keep (VersionId, ETag, LastModifiedTime, Size) answer NotImplemented.
 */
export function parseDeleteRequest(body: string): { keys: string[]; quiet: boolean } {
  const root = /^\s*(?:<\?xml[^>]*\?>)?\s*<Delete(?:\s+xmlns="[^"]*")?\s*>([\s\S]*)<\/Delete>\s*$/.exec(body);
  if (!root) throw malformedXml();
  const keys: string[] = [];
  let quiet = false;
  const part = /\s*<Object>([\s\S]*?)<\/Object>\s*|\s*<Quiet>\s*(true|false|1|0)\s*<\/Quiet>\s*/y;
  const inner = root[1]!;
  while (part.lastIndex < inner.length) {
    const match = part.exec(inner);
    if (!match) throw malformedXml();
    if (match[2] !== undefined) {
      quiet = match[2] === 'true' || match[2] === '1';
      continue;
    }
    const fields = simpleChildren(match[1]!);
    const keyFields = fields?.filter(([name]) => name === 'Key') ?? [];
    if (!fields || keyFields.length !== 1 || keyFields[0]![1] === '') throw malformedXml();
    const other = fields.find(([name]) => name !== 'Key');
    if (other && ['VersionId', 'ETag', 'LastModifiedTime', 'Size'].includes(other[0]))
      throw new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented.');
    if (other) throw malformedXml();
    keys.push(keyFields[0]![1]);
  }
  if (keys.length === 0) throw malformedXml();
  return { keys, quiet };
}
