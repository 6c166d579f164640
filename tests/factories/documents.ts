import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";

/** The text of a PDF answer (₹ included), after checking it is a PDF at all. */
export async function pdfText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}
