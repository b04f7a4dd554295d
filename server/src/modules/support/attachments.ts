import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  attachmentFieldNames,
  type AttachmentType,
} from '../../../../src/api/contract/support';
import { ApiError, type Message } from '../../http/errors';
import { attachmentName } from './file-names';

/** A file that passed every rule, held in memory until the message is stored. */
export interface IncomingFile {
  field: string;
  name: string;
  type: AttachmentType;
  data: Buffer;
}

export interface IncomingMessage {
  /** The text fields as sent (validated by the caller with the contract schema). */
  fields: Record<string, string>;
  files: IncomingFile[];
}

const FILE_FIELDS = new Set(attachmentFieldNames);
const MAX_TEXT_FIELD_BYTES = 64 * 1024;

/**
 * Multipart parsing for the routes of an encapsulated plugin. The server may already parse
 * multipart for every route (another module registered it at the root); then that parser is used
 * and the per-request limits below still apply.
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
}

const isAttachmentType = (mime: string | undefined): mime is AttachmentType =>
  (ATTACHMENT_TYPES as readonly string[]).includes(mime ?? '');

function fileFieldError(field: string, key: string, params?: Message['params']): ApiError {
  return new ApiError('validation', { fields: { [field]: params ? { key, params } : key } });
}

/**
 * Reads a message's multipart body: text fields and up to MAX_ATTACHMENTS files named file0..file4,
 * each at most MAX_ATTACHMENT_BYTES and a JPEG, PNG or PDF by its content (the declared type is
 * ignored, and the name keeps only its sanitized stem: the extension is the detected type's). Any broken rule refuses the whole message with a field error.
 */
export async function readMessageBody(request: FastifyRequest): Promise<IncomingMessage> {
  if (!request.isMultipart()) {
    throw new ApiError('validation', { status: 415, message: 'errors.malformed' });
  }
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  const parts = request.parts({
    limits: {
      fileSize: MAX_ATTACHMENT_BYTES,
      // One more than allowed, so that a sixth file is seen and refused with a clear message.
      files: MAX_ATTACHMENTS + 1,
      fields: 10,
      fieldSize: MAX_TEXT_FIELD_BYTES,
      parts: MAX_ATTACHMENTS + 11,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw fileFieldError(part.fieldname, 'validation.invalid');
        fields[part.fieldname] = part.value;
        continue;
      }
      // A file input left empty in an HTML form still sends its part, with no name and no bytes.
      if (part.filename === '') {
        await part.toBuffer();
        continue;
      }
      if (files.length >= MAX_ATTACHMENTS) {
        throw fileFieldError('files', 'support.errors.too_many_files', { max: MAX_ATTACHMENTS });
      }
      if (!FILE_FIELDS.has(part.fieldname) || files.some((f) => f.field === part.fieldname)) {
        throw fileFieldError(part.fieldname, 'validation.unknown_field');
      }
      const data = await part.toBuffer();
      if (data.length === 0) throw fileFieldError(part.fieldname, 'support.errors.file_empty');
      const detected = await fileTypeFromBuffer(data);
      if (!isAttachmentType(detected?.mime)) throw fileFieldError(part.fieldname, 'support.errors.file_type');
      files.push({ field: part.fieldname, name: attachmentName(part.filename, part.fieldname, detected.mime), type: detected.mime, data });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = (error as { part?: { fieldname?: string } }).part?.fieldname ?? 'files';
      throw fileFieldError(field, 'support.errors.file_too_large', { max: MAX_ATTACHMENT_BYTES / (1024 * 1024) });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw fileFieldError('files', 'support.errors.too_many_files', { max: MAX_ATTACHMENTS });
    }
    throw error;
  }
  return { fields, files };
}

export interface StoredFile {
  id: string;
  name: string;
  size: number;
  type: AttachmentType;
}

const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Where an attachment lives on disk: named by its random id only. */
export const attachmentPath = (dataDir: string, id: string) => path.join(uploadsDir(dataDir), id);

/** Writes the files under generated names; the caller removes them if the message is not stored. */
export async function storeFiles(dataDir: string, files: IncomingFile[]): Promise<StoredFile[]> {
  if (files.length === 0) return [];
  await mkdir(uploadsDir(dataDir), { recursive: true });
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      await writeFile(attachmentPath(dataDir, id), file.data, { mode: 0o600, flag: 'wx' });
      stored.push({ id, name: file.name, size: file.data.length, type: file.type });
    }
  } catch (error) {
    await removeFiles(dataDir, stored);
    throw error;
  }
  return stored;
}

export async function removeFiles(dataDir: string, files: StoredFile[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(attachmentPath(dataDir, f.id)).catch(() => undefined)));
}
