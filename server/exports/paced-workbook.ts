import { EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs's streaming workbook writer, with each part's XML (the sheet's rows) going into the zip
 * through a node stream that says when it is full.
 *
 * exceljs opens each part as its own buffer (StreamBuf), which hands the zip 64 KiB blocks without
 * waiting for them to be taken, and holds everything while the zip has not begun the part: rows
 * made faster than the download takes them heap up in memory, the whole sheet if need be. Here a
 * part is a PassThrough the zip reads with backpressure; the export waits on `part.zipped` between
 * pages, so the rows are made at the pace of the download and memory holds a page or so.
 *
 * It replaces one method of exceljs 4.4 (`_openStream(path)`: the stream a part writes to, which
 * emits `zipped` once the zip has it all). If a later exceljs stops calling it, the workbook is
 * written as before, unpaced, and `lastPart` stays null; the writer's test then fails on the
 * slow download it no longer waits for.
 */

/** Blocks of this size reach the compressor: a row at a time would be one zlib job per row. */
const BLOCK = 64 * 1024;

/** What exceljs writes: its text, a Buffer, or its StringBuf (which copies itself out). */
type Piece = string | Buffer | { toBuffer(): Buffer };

/** One part's XML on its way into the zip, gathered into blocks. */
export class XmlPart extends EventEmitter {
  /** What the zip reads. */
  readonly zipped = new PassThrough();
  #pieces: Buffer[] = [];
  #size = 0;

  constructor() {
    super();
    // The zip has the whole part once the PassThrough has handed it all on.
    this.zipped.on('finish', () => this.emit('zipped'));
  }

  write(piece: Piece): boolean {
    const bytes =
      typeof piece === 'string' ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : piece.toBuffer();
    this.#pieces.push(bytes);
    this.#size += bytes.length;
    if (this.#size >= BLOCK) this.#flush();
    return true;
  }

  end(): void {
    this.#flush();
    this.zipped.end();
  }

  /** exceljs pauses a part it opens; the zip reads this one when it gets to it. */
  pause(): void {}

  #flush(): void {
    if (this.#size === 0) return;
    this.zipped.write(Buffer.concat(this.#pieces, this.#size));
    this.#pieces = [];
    this.#size = 0;
  }
}

interface Zip {
  append(source: Readable, data: { name: string }): unknown;
}

function zipOf(book: object): Zip {
  const zip: unknown = Reflect.get(book, 'zip');
  if (typeof zip !== 'object' || zip === null || typeof Reflect.get(zip, 'append') !== 'function')
    throw new Error("exceljs's WorkbookWriter has no zip to add a part to");
  return zip as Zip;
}

export class PacedWorkbookWriter extends ExcelJS.stream.xlsx.WorkbookWriter {
  /** The part opened last: the sheet's rows, as the export writes them. */
  lastPart: XmlPart | null = null;

  /** exceljs's own opens a StreamBuf here (see above). */
  _openStream(path: string): XmlPart {
    const part = new XmlPart();
    zipOf(this).append(part.zipped, { name: path });
    this.lastPart = part;
    return part;
  }
}
