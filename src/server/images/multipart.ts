import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { AppError } from '../errors';
import { InvalidInput, issueOfZod } from '../invalid-input';
import { ImageRefused } from './refusals';

/** The file fields a form may carry, each with how many files it takes at most. */
export type FileFieldSpec<F extends string> = { files: Record<F, { max: number }> };

export interface MultipartForm<F extends string> {
  /** Text fields; a field sent twice keeps its last value. */
  fields: Record<string, string>;
  /** Every value of every text field in the order sent, for fields that are lists (e.g. images to keep). */
  fieldLists: Record<string, string[]>;
  /** Each declared file field's files in the order sent (an empty list when none came). */
  files: Record<F, Buffer[]>;
}

interface MultipartLibraryError {
  code?: string;
  statusCode?: number;
}

function libraryError(error: unknown): MultipartLibraryError | null {
  return error && typeof error === 'object' ? (error as MultipartLibraryError) : null;
}

/**
 * Reads a whole multipart form into memory: the admin product and category forms and `POST /order`
 * carry a few images of at most 5 MB each, so buffering is simpler than streaming and bounded by
 * the declared file counts. Refuses file fields that were not declared as soon as they start.
 */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  spec: FileFieldSpec<F>,
): Promise<MultipartForm<F>> {
  if (typeof request.isMultipart !== 'function') {
    throw new Error('@fastify/multipart must be registered before readMultipartForm is used');
  }
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.admin.multipartRequired);

  const declared = spec.files as Record<string, { max: number }>;
  const files = Object.fromEntries(Object.keys(declared).map((name) => [name, [] as Buffer[]])) as Record<
    F,
    Buffer[]
  >;
  const found = files as Record<string, Buffer[]>;
  const fields: Record<string, string> = {};
  const fieldLists: Record<string, string[]> = {};

  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES } })) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        fields[part.fieldname] = value;
        (fieldLists[part.fieldname] ??= []).push(value);
        continue;
      }
      const rule = Object.hasOwn(declared, part.fieldname) ? declared[part.fieldname] : undefined;
      if (!rule) {
        throw new AppError('BAD_REQUEST', messages.admin.unexpectedFile, { field: part.fieldname });
      }
      const list = found[part.fieldname]!;
      if (list.length >= rule.max) {
        throw new AppError('BAD_REQUEST', messages.admin.tooManyFiles, {
          max: rule.max,
          field: part.fieldname,
        });
      }
      const buffer = await part.toBuffer();
      // A file input left empty still sends a part with no name and no bytes: that is "no file".
      if (buffer.length === 0 && !part.filename) continue;
      list.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const known = libraryError(error);
    if (known?.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ImageRefused('tooLarge');
    }
    // The plugin's part/field/file count limits: the error handler answers 413 in our words.
    if (known?.statusCode === 413) throw error;
    // Anything else here is a body that is not valid multipart (no boundary, cut short…).
    throw new AppError('BAD_REQUEST', messages.admin.malformedUpload);
  }
  return { fields, fieldLists, files };
}

/**
 * Validates a multipart form's text fields with a shared zod schema. Route schemas cannot see inside
 * multipart bodies, so this gives the same 400 answer the JSON routes give (`InvalidInput`): the
 * schema's own message (the SPEC's texts), prefixed with the field when the message does not already
 * name it, in the caller's language.
 */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new AppError('BAD_REQUEST', messages.errors.badRequest);
  throw new InvalidInput(issueOfZod(issue));
}
