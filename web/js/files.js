// Game record files: reading one the player picks or drops on the page, and saving one as a download. The
// engine reads and writes the SGF itself (wasm `readRecord`, `writeRecord`: the same code as `hexlab convert`), so
// the page and the command line agree; this module only moves text in and out of files.

/** The largest file read: as the engine's SGF reader (core formats/sgf MAX_BYTES, 4 MB). */
export const MAX_FILE_BYTES = 4 << 20;

/**
 * The text of `file` (a File or Blob with `name`, `size` and `text()`), or a rejection saying why not: too large,
 * or not readable.
 */
export async function readRecordFile(file) {
  if (!file) throw new Error('no file');
  if (file.size > MAX_FILE_BYTES) {
    throw new Error(`it has ${file.size.toLocaleString('en-US')} bytes: game records are read up to ${MAX_FILE_BYTES.toLocaleString('en-US')}`);
  }
  try {
    return await file.text();
  } catch (err) {
    throw new Error(`it could not be read (${err?.message ?? err})`);
  }
}

/** The name a saved game gets: the file it was opened from, else `hexlab-game.sgf`. */
export function saveName(opened) {
  const base = String(opened ?? '').replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-').slice(0, 80);
  return `${base || 'hexlab-game'}.sgf`;
}

/** Offers `text` as a download named `name` (an `<a download>` on a blob: URL, clicked once). */
export function download(text, name, doc = document) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Whether a drag carries files. */
function hasFiles(e) {
  return [...(e.dataTransfer?.types ?? [])].includes('Files');
}

/**
 * Drag and drop of files onto `target` (the page): `onDrop(file)` with the first file dropped; while files are
 * dragged over it, `target.dataset.drop` is set (the page shows where to drop). Returns the unbind function.
 */
export function bindDrop(target, onDrop) {
  let depth = 0; // dragenter/dragleave pairs of the elements crossed
  const clear = () => {
    depth = 0;
    delete target.dataset.drop;
  };
  const handlers = {
    dragenter: (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      target.dataset.drop = 'true';
    },
    dragover: (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault(); // allows the drop
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    },
    dragleave: (e) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) clear();
    },
    drop: (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault(); // never let the browser open the file in place of the page
      clear();
      const file = e.dataTransfer.files?.[0];
      if (file) onDrop(file);
    },
  };
  for (const [type, fn] of Object.entries(handlers)) target.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of Object.entries(handlers)) target.removeEventListener(type, fn);
  };
}
