// A list of players read from a file the director picks: a spreadsheet saves CSV as UTF-8, or (Excel
// in Polish, "CSV (rozdzielany przecinkami)") in Windows-1250, where "Żuraw" is not valid UTF-8.

/** The file's text: UTF-8 (a BOM is dropped) when it is valid UTF-8, else read as Windows-1250. */
export function decodeList(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** The text of the file chosen in an `<input type=file>`, or '' when none is. */
export async function readList(input: HTMLInputElement): Promise<string> {
  const file = input.files?.[0];
  return file ? decodeList(await file.arrayBuffer()) : '';
}
