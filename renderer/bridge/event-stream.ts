/**
 * Server-Sent Events read from a fetch response body. EventSource cannot send headers, and the
 * browser host's event stream needs the bridge token in one (launch-token.ts), so the stream is
 * a fetch and its frames are parsed here, as the HTML standard's parser does: `event:` and
 * `data:` lines, a blank line ends a frame, `:` starts a comment, `retry:` sets the delay.
 */

export interface StreamFrame {
  event: string;
  data: string;
}

export interface FrameSink {
  frame(f: StreamFrame): void;
  retry(ms: number): void;
}

/** Reads `body` until it ends (or is aborted), handing each complete frame to `sink`. */
export async function readEventStream(body: ReadableStream<Uint8Array>, sink: FrameSink): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (l: string) => {
    if (l === '') {
      if (data.length > 0) sink.frame({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    const value = colon < 0 ? '' : l.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) sink.retry(Number(value));
  };
  // A chunk that ends in \r has ended its line; a \n starting the next one belongs to that \r.
  let skipLf = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const chunk: string = decoder.decode(value, { stream: true });
    const text: string = skipLf && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    skipLf = text.endsWith('\r');
    const lines = (buffer + text).split(/\r\n|\r|\n/);
    // The last piece is a line still arriving.
    buffer = lines.pop() ?? '';
    for (const l of lines) line(l);
  }
}
