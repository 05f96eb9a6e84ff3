import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import parser from 'stream-json/parser.js';
import { BATCH_FILE_MAX_BYTES } from '@lynk/contract/constants';
import { isStorableText, unstorableText } from '../../lib/storable-text.ts';
import { FILE_PART_BYTES } from './repository.ts';

/**
 * The batch upload's body, `{"merchant_id":…,"name":…,"file_name":…,"csv":"<base64>"}`, read as it
 * arrives (ADR 031): the file is decoded from base64 into 1 MiB parts on the way, so neither the
 * 27 MB body nor its base64 text is ever held whole, and a 20 MB file is in memory once, outside
 * the JavaScript heap. `stream-json` tokenizes with every key and value streamed, never packed:
 * only the small members are gathered (each with a cap), anything nested is refused at its first
 * token, and reading stops at the route's limit. A key or a gathered string holding a NUL or a lone
 * surrogate is refused (lib/storable-text.ts), as the JSON parser of every other route does.
 */
export interface UploadBody {
  /** Every member but `csv`, as sent: the contract's schema checks them. */
  fields: Record<string, unknown>;
  /** The `csv` member: its file, decoded, or what was sent instead of a string. */
  csv: DecodedFile | string | number | boolean | null | undefined;
}

const BASE64_PIECE = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 characters decoded at a time (a multiple of 4). */
const DECODE_CHARACTERS = 64 * 1024;

/** A file decoded from base64 as its text arrives, with what was wrong with it, if anything. */
export class DecodedFile {
  /** Characters of base64 received, and how many of the last were padding. */
  characters = 0;
  padding = 0;
  /** Not base64: a character outside its alphabet, or anything after the padding. */
  unreadable = false;
  /** A NUL byte, or bytes that are not UTF-8: a binary file renamed. */
  binary = false;
  /** The file in parts of FILE_PART_BYTES, the last maybe shorter, once `finish` has been called. */
  readonly parts: Buffer[] = [];
  /** Base64 received but not decoded yet, and decoded bytes not yet cut into a part. */
  private text: string[] = [];
  private textCharacters = 0;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private readonly digest = createHash('sha256');
  private sha256 = '';

  /** A whole base64 text decoded as if it had arrived in a body (the demo seed's files). */
  static fromBase64(text: string): DecodedFile {
    const file = new DecodedFile();
    file.append(text);
    file.finish();
    return file;
  }

  /** Bytes the base64 stands for, worked out from its length as the size rule is checked before decoding. */
  get size(): number {
    return (this.characters / 4) * 3 - this.padding;
  }

  append(piece: string) {
    if (this.padding > 0 || !BASE64_PIECE.test(piece)) this.unreadable = true;
    this.characters += piece.length;
    this.padding = piece.length - piece.replace(/=+$/, '').length;
    // Past the limit the text is only counted: the upload is refused for its size anyway.
    if (this.unreadable || this.size > BATCH_FILE_MAX_BYTES) return;
    // The tokenizer hands over a few hundred characters at a time: they are decoded in batches.
    this.text.push(piece);
    this.textCharacters += piece.length;
    if (this.textCharacters >= DECODE_CHARACTERS) this.decode();
  }

  /** The string has ended: the rest is decoded, the last part kept and the text's end checked. */
  finish() {
    if (!this.unreadable && this.size <= BATCH_FILE_MAX_BYTES) {
      this.decode();
      if (this.textCharacters > 0) this.unreadable = true;
      this.cut(true);
    }
    try {
      this.utf8.decode();
    } catch {
      this.binary = true;
    }
    this.sha256 = this.digest.digest('base64url');
  }

  /**
   * What stands for the file where the body is serialised (the Idempotency-Key's request hash):
   * its digest and size, never its bytes.
   */
  toJSON() {
    return { sha256: this.sha256, size: this.size, unreadable: this.unreadable };
  }

  /** Decodes the whole groups of four characters received; a short group waits for the next. */
  private decode() {
    const text = this.text.join('');
    const whole = text.length - (text.length % 4);
    this.text = whole < text.length ? [text.slice(whole)] : [];
    this.textCharacters = text.length - whole;
    if (whole > 0) this.keep(Buffer.from(text.slice(0, whole), 'base64'));
  }

  private keep(bytes: Buffer) {
    if (bytes.includes(0)) this.binary = true;
    this.digest.update(bytes);
    try {
      this.utf8.decode(bytes, { stream: true });
    } catch {
      this.binary = true;
    }
    this.held.push(bytes);
    this.heldBytes += bytes.length;
    if (this.heldBytes >= FILE_PART_BYTES) this.cut(false);
  }

  /** Cuts the bytes held into parts of FILE_PART_BYTES; at the end the rest is the last, shorter part. */
  private cut(last: boolean) {
    const joined = Buffer.concat(this.held);
    let at = 0;
    for (; joined.length - at >= FILE_PART_BYTES; at += FILE_PART_BYTES) {
      this.parts.push(joined.subarray(at, at + FILE_PART_BYTES));
    }
    const rest = joined.subarray(at);
    if (last && rest.length > 0) this.parts.push(rest);
    this.held = !last && rest.length > 0 ? [rest] : [];
    this.heldBytes = this.held.length > 0 ? rest.length : 0;
  }
}

/** Keys, numbers and the other strings are gathered whole, up to this many characters. */
const MEMBER_MAX_CHARACTERS = 1024;

function malformed(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
}

type Token = { name: string; value?: string };

/** Reads the upload's body from its stream; malformed JSON is a 400, a body over `limit` bytes a 413. */
export async function readUploadBody(body: Readable, limit: number): Promise<UploadBody> {
  const fields: Record<string, unknown> = {};
  const result: UploadBody = { fields, csv: undefined };
  let depth = 0;
  let inKey = false;
  let key = '';
  let value = '';
  let member: string | null = null;
  let file: DecodedFile | null = null;

  const tokens = parser.asStream({ packValues: false, streamValues: true });
  let received = 0;
  body.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) tokens.destroy(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  });
  body.pipe(tokens);

  const gather = (current: string, piece: string) => {
    if (current.length + piece.length > MEMBER_MAX_CHARACTERS)
      throw malformed('A member of the body is too long.');
    return current + piece;
  };
  const set = (v: unknown) => {
    if (member === 'csv') result.csv = v as UploadBody['csv'];
    else fields[member!] = v;
    member = null;
  };
  // A value must be a member's, directly in the one object: anything else is refused at once.
  const expectMember = () => {
    if (depth !== 1 || member === null) throw malformed('The body must be one flat JSON object.');
  };

  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      switch (token.name) {
        case 'startObject':
          if (depth !== 0) throw malformed('The body must be one flat JSON object.');
          depth = 1;
          break;
        case 'endObject':
          depth = 2; // the object is closed: nothing may follow it
          break;
        case 'startArray':
          throw malformed('The body must be one flat JSON object.');
        case 'startKey':
          inKey = true;
          key = '';
          break;
        case 'endKey':
          if (!isStorableText(key)) throw unstorableText();
          inKey = false;
          member = key;
          break;
        case 'startString':
        case 'startNumber':
          expectMember();
          value = '';
          if (member === 'csv' && token.name === 'startString') file = new DecodedFile();
          break;
        case 'stringChunk':
          if (inKey) key = gather(key, token.value!);
          else if (file) file.append(token.value!);
          else value = gather(value, token.value!);
          break;
        case 'numberChunk':
          value = gather(value, token.value!);
          break;
        case 'endString':
          if (file) {
            file.finish();
            set(file);
            file = null;
          } else if (isStorableText(value)) set(value);
          else throw unstorableText();
          break;
        case 'endNumber':
          set(Number(value));
          break;
        case 'nullValue':
        case 'trueValue':
        case 'falseValue':
          expectMember();
          set(token.name === 'nullValue' ? null : token.name === 'trueValue');
          break;
        default:
          break;
      }
    }
  } catch (error) {
    body.unpipe(tokens);
    body.resume();
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw malformed('The body is not valid JSON.');
  }
  if (depth !== 2) throw malformed('The body is not one JSON object.');
  return result;
}
