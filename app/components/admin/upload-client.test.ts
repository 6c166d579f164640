import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_PATH, type UploadResult } from "~/modules/media/upload-rules";
import { checkBeforeSending, uploadPicture } from "./upload-client";

/*
 * The browser helper against a stand-in XMLHttpRequest that records what was sent and answers as the
 * server would.
 */

class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const saved = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = null;
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
});
afterEach(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = saved;
});

const picture = (size = 1000, type = "image/jpeg", name = "kurta.jpg") =>
  new File([new Uint8Array(size)], name, { type });
const RESULT: UploadResult = {
  url: "/media/products/uploads/a.jpg-w800.webp",
  publicId: "products/uploads/a.jpg",
  width: 1200,
  height: 1600,
  format: "jpeg",
  bytes: 345678,
};

describe("uploadPicture", () => {
  it("posts the file as multipart field 'file' to the upload path, reports progress and resolves with the result", async () => {
    const progress: number[] = [];
    const pending = uploadPicture(picture(), (f) => progress.push(f));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe(UPLOAD_PATH);
    expect(xhr.headers.Accept).toBe("application/json");
    const sent = xhr.sent!.get("file");
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe("kurta.jpg");
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 250, total: 1000 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.answer(200, JSON.stringify(RESULT));
    expect(await pending).toEqual(RESULT);
    expect(progress).toEqual([0.25, 1]);
  });

  it("passes on the server's reason, and the spec's words when there is none", async () => {
    const cases: Array<[number, string, string]> = [
      [415, JSON.stringify({ error: UPLOAD_MESSAGES.invalidType }), UPLOAD_MESSAGES.invalidType],
      [413, "The request is too large.", UPLOAD_MESSAGES.tooLarge],
      [401, JSON.stringify({ error: UPLOAD_MESSAGES.signIn }), UPLOAD_MESSAGES.signIn],
      [403, "Cross-site request refused.", UPLOAD_MESSAGES.forbidden],
      [500, "<html>oops</html>", UPLOAD_MESSAGES.failed],
      [200, JSON.stringify({ url: "x" }), UPLOAD_MESSAGES.failed],
    ];
    for (const [status, body, expected] of cases) {
      const pending = uploadPicture(picture(), () => {});
      FakeXhr.last!.answer(status, body);
      expect(await pending, `${status} ${body}`).toEqual({ error: expected });
    }
    const failing = uploadPicture(picture(), () => {});
    FakeXhr.last!.onerror!();
    expect(await failing).toEqual({ error: UPLOAD_MESSAGES.failed });
  });

  it("stops when its signal aborts", async () => {
    const controller = new AbortController();
    const pending = uploadPicture(picture(), () => {}, controller.signal);
    controller.abort();
    expect(await pending).toEqual({ error: UPLOAD_MESSAGES.cancelled });
    expect(FakeXhr.last!.aborted).toBe(true);
    // an already aborted signal sends nothing
    FakeXhr.last = null;
    expect(await uploadPicture(picture(), () => {}, controller.signal)).toEqual({ error: UPLOAD_MESSAGES.cancelled });
    expect(FakeXhr.last).toBeNull();
  });

  it("refuses before sending what the server would refuse for certain", async () => {
    expect(await uploadPicture(picture(MAX_UPLOAD_BYTES + 1), () => {})).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    expect(await uploadPicture(picture(0), () => {})).toEqual({ error: UPLOAD_MESSAGES.noFile });
    expect(await uploadPicture(picture(100, "image/svg+xml", "logo.svg"), () => {})).toEqual({
      error: UPLOAD_MESSAGES.invalidType,
    });
    expect(FakeXhr.last).toBeNull();
  });
});

describe("checkBeforeSending", () => {
  it("lets the server judge a file of unknown type, and takes exactly 10 MB", () => {
    expect(checkBeforeSending(picture(100, ""))).toBeNull();
    expect(checkBeforeSending(picture(MAX_UPLOAD_BYTES, "image/webp"))).toBeNull();
    expect(checkBeforeSending(picture(100, "IMAGE/PNG"))).toBeNull();
    expect(checkBeforeSending(picture(100, "text/plain", "x.jpg"))).toBe(UPLOAD_MESSAGES.invalidType);
  });
});
