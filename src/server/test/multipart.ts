import { randomBytes } from 'node:crypto';

export interface MultipartFilePart {
  content: Buffer;
  /** Defaults to `<field>.png`: the server judges files by content, never by this name. */
  filename?: string;
  contentType?: string;
}

type FileValue = Buffer | MultipartFilePart;

/**
 * A multipart/form-data body built by hand, for `app.inject({ method, url, ...multipartBody(…) })`.
 * A list value (text or files) sends the field once per item, as a browser does for repeated inputs.
 */
export function multipartBody(
  fields: Record<string, string | number | boolean | Array<string | number>> = {},
  files: Record<string, FileValue | FileValue[]> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nour-test-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const line = (text: string) => chunks.push(Buffer.from(`${text}\r\n`));

  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      line(`--${boundary}`);
      line(`Content-Disposition: form-data; name="${name}"`);
      line('');
      line(String(item));
    }
  }
  for (const [name, value] of Object.entries(files)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const part: MultipartFilePart = Buffer.isBuffer(item) ? { content: item } : item;
      line(`--${boundary}`);
      line(`Content-Disposition: form-data; name="${name}"; filename="${part.filename ?? `${name}.png`}"`);
      line(`Content-Type: ${part.contentType ?? 'image/png'}`);
      line('');
      chunks.push(part.content, Buffer.from('\r\n'));
    }
  }
  line(`--${boundary}--`);
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}
