/**
 * Upload island: the import form (a plain multipart POST that works without JavaScript) with
 * a drop zone: files dropped on it go into the file field. One building file, or a tour with
 * its panoramas (a zip, or several files). Too large an upload is said before it is sent; the
 * server checks the size again.
 */
import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";

export interface UploadProps {
  action: string;
  max_bytes: number;
  formats: string;
}

export function Upload({ action, max_bytes, formats }: UploadProps): JSX.Element {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [msg, setMsg] = useState("");
  const check = (files: FileList | null | undefined) => {
    if (!files?.length) return setMsg("");
    const size = [...files].reduce((n, f) => n + f.size, 0);
    const what = files.length === 1 ? files[0].name : `${files.length} files`;
    if (size > max_bytes) {
      setMsg(
        `${what} ${files.length === 1 ? "is" : "are"} ${mb(size)}; the largest upload is ${
          mb(max_bytes)
        }. Choose a smaller file.`,
      );
    } else setMsg(`Ready to import ${what} (${mb(size)}).`);
  };
  return (
    <form
      method="post"
      action={action}
      enctype="multipart/form-data"
      class={`upload${over ? " over" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const files = e.dataTransfer?.files;
        if (files?.length && input.current) {
          input.current.files = files;
          check(files);
        }
      }}
      onSubmit={(e) => {
        const files = input.current?.files;
        if (files && [...files].reduce((n, f) => n + f.size, 0) > max_bytes) {
          e.preventDefault();
          check(files);
        }
      }}
    >
      <p class="drop-hint">
        Choose a file, or drop it anywhere on this box. threshold reads:{" "}
        {formats}. A tour with its panoramas: a zip, or its file (zind_data.json) and its images
        together.
      </p>
      <label for="upload-file">Building file, or a tour's files</label>
      <input
        id="upload-file"
        ref={input}
        type="file"
        name="file"
        multiple
        required
        aria-describedby="upload-msg"
        onChange={(e) => check((e.target as HTMLInputElement).files)}
      />
      <label for="upload-id">Scan id (optional)</label>
      <input
        id="upload-id"
        name="id"
        pattern="[A-Za-z0-9_.\-]{1,64}"
        aria-describedby="upload-id-hint"
        autocomplete="off"
      />
      <small id="upload-id-hint">
        Letters, digits, “_”, “.” and “-”; made from the file when empty.
      </small>
      <div class="check">
        <input
          id="upload-replace"
          type="checkbox"
          name="replace"
          aria-describedby="upload-replace-hint"
        />
        <label for="upload-replace">Replace the building already stored under this id</label>
      </div>
      <small id="upload-replace-hint">
        Without it, an id that is taken is refused and nothing is changed.
      </small>
      <p id="upload-msg" role="status">{msg}</p>
      <button type="submit">Import</button>
    </form>
  );
}

function mb(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.ceil(n / 1e3)} kB`;
}
