// The report's files inside a results folder, beside the runner's job.json and summary.json.

/** Each chart as `<name>.vl.json`, `.svg` and `.png`. */
export const CHARTS_FOLDER = 'charts';
/** The report's HTML page in a results folder, to open or link from code. */
export const REPORT_FILE = 'index.html';
/** The extras a report was drawn with (ratings, an SPRT run), kept so `parlor chart` can redraw it. */
export const EXTRAS_FILE = 'report-extras.json';
