/** A one-line progress bar on stderr (redrawn on a terminal, a line per step otherwise). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let last = '';
  return {
    update(done: number, total: number | null, detail = '') {
      const pct = total ? Math.min(100, Math.floor((done / total) * 100)) : null;
      const width = 30;
      const filled = pct === null ? 0 : Math.round((pct / 100) * width);
      const bar = pct === null ? '' : `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(pct).padStart(3)}% `;
      const line = `${label} ${bar}${detail}`;
      if (line === last) return;
      last = line;
      if (stream.isTTY) stream.write(`\r${line}\x1b[K`);
      else stream.write(`${line}\n`);
    },
    done() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
