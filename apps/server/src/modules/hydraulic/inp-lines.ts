/**
 * The data lines of an EPANET `.inp` text, each with its section (`[JUNCTIONS]`, `[PIPES]`, …) and its fields:
 * comments (`;` to the end of the line) and blank lines left out. The model's readers (areas, geometry, link ends
 * for calibration) walk the text this one way.
 */
export function* inpLines(inp: string): Generator<{ section: string; f: string[] }> {
  let section = '';
  for (const raw of inp.split('\n')) {
    const line = raw.split(';')[0].trim();
    if (!line) continue;
    if (line.startsWith('[')) {
      section = line.toUpperCase();
      continue;
    }
    yield { section, f: line.split(/\s+/) };
  }
}
