import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A plain business document drawn with pdf-lib: headings, label-value lines, tables and paragraphs, flowing
 * onto new pages as they fill. Every document the server makes (quote proposals, later binders and
 * certificates) is written through this, so they share one look and one page-break rule. The standard
 * Helvetica fonts carry WinAnsi text, which covers both editions' currencies ($, £).
 */
export interface DocumentBlock {
  kind: 'heading' | 'subheading' | 'fields' | 'table' | 'paragraph';
  text?: string;
  fields?: ReadonlyArray<readonly [label: string, value: string]>;
  columns?: readonly string[];
  rows?: ReadonlyArray<readonly string[]>;
}

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const INK = rgb(0.12, 0.14, 0.2);
const MUTED = rgb(0.38, 0.4, 0.46);
const RULE = rgb(0.82, 0.84, 0.88);

/** Keeps only what WinAnsi can draw, so a name with an unusual character never fails the whole document. */
function printable(text: string): string {
  return text.normalize('NFKD').replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u20AC]/g, '');
}

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(private readonly pdf: PDFDocument, private readonly regular: PDFFont, private readonly bold: PDFFont, private readonly footer: string) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.page.drawText(printable(this.footer), { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: this.regular, color: MUTED });
  }

  private room(height: number): void {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of printable(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > width && line) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; x?: number; width?: number; gap?: number } = {}): void {
    const font = options.font ?? this.regular;
    const size = options.size ?? 10;
    const x = options.x ?? PAGE.margin;
    const width = options.width ?? PAGE.width - PAGE.margin - x;
    for (const line of this.wrap(text, font, size, width)) {
      this.room(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }

  rule(): void {
    this.room(8);
    this.y -= 6;
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 4;
  }

  fields(fields: ReadonlyArray<readonly [string, string]>): void {
    const labelWidth = 170;
    for (const [label, value] of fields) {
      this.room(14);
      const top = this.y;
      this.text(label, { font: this.bold, size: 9, color: MUTED, width: labelWidth - 8 });
      const afterLabel = this.y;
      this.y = top;
      this.text(value || '-', { x: PAGE.margin + labelWidth, size: 10 });
      this.y = Math.min(this.y, afterLabel) - 2;
    }
    this.y -= 6;
  }

  table(columns: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
    const width = PAGE.width - 2 * PAGE.margin;
    // The first column (a name) takes what the others leave.
    const other = columns.length > 1 ? Math.min(110, (width * 0.55) / (columns.length - 1)) : 0;
    const widths = columns.map((_, index) => (index === 0 ? width - other * (columns.length - 1) : other));
    const drawRow = (cells: readonly string[], font: PDFFont, color: ReturnType<typeof rgb>) => {
      const wrapped = cells.map((cell, index) => this.wrap(cell, font, 9, widths[index]! - 6));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * 12 + 4;
      this.room(height);
      let x = PAGE.margin;
      wrapped.forEach((lines, index) => {
        lines.forEach((line, lineIndex) => this.page.drawText(line, { x, y: this.y - 11 - lineIndex * 12, size: 9, font, color }));
        x += widths[index]!;
      });
      this.y -= height;
      this.page.drawLine({ start: { x: PAGE.margin, y: this.y + 1 }, end: { x: PAGE.width - PAGE.margin, y: this.y + 1 }, thickness: 0.4, color: RULE });
    };
    drawRow(columns, this.bold, MUTED);
    for (const row of rows) drawRow(row, this.regular, INK);
    this.y -= 8;
  }

  block(block: DocumentBlock): void {
    switch (block.kind) {
      case 'heading': this.text(block.text ?? '', { font: this.bold, size: 18, gap: 4 }); break;
      case 'subheading': this.y -= 6; this.text(block.text ?? '', { font: this.bold, size: 12 }); this.rule(); break;
      case 'fields': this.fields(block.fields ?? []); break;
      case 'table': this.table(block.columns ?? [], block.rows ?? []); break;
      case 'paragraph': this.text(block.text ?? '', { size: 9, color: MUTED, gap: 6 }); break;
    }
  }
}

/** The document's bytes. `title` goes into the PDF's metadata; `footer` is printed on every page. */
export async function renderDocument(meta: { title: string; author: string; footer: string; createdAt: Date }, blocks: readonly DocumentBlock[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreator(meta.author);
  pdf.setProducer(meta.author);
  // Fixed dates keep a document's bytes a function of its content and the quote's own time.
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);
  const writer = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), meta.footer);
  for (const block of blocks) writer.block(block);
  return pdf.save();
}
