import * as XLSX from '@e965/xlsx';
import type { Edition } from '../accounts/address-rules.ts';
import { templateColumns } from './columns.ts';

export const TEMPLATE_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The template to fill in, made on the fly for the edition: the first sheet (the one an upload reads) holds only
 * the header row; an Example sheet shows one filled line and a Notes sheet says what each column takes.
 */
export function templateWorkbook(edition: Edition): Buffer {
  const columns = templateColumns(edition);
  const headers = columns.map((column) => column.header);
  const accounts = XLSX.utils.aoa_to_sheet([headers]);
  accounts['!cols'] = columns.map((column) => ({ wch: Math.max(column.header.length, column.example.length, 12) + 2 }));
  const example = XLSX.utils.aoa_to_sheet([headers, columns.map((column) => column.example)]);
  example['!cols'] = accounts['!cols'];
  const us = edition === 'us';
  const notes = XLSX.utils.aoa_to_sheet([
    ['Column', 'What it takes'],
    ['Account Name', 'Required; at most 100 characters.'],
    ['Address Line 1', 'Required.'],
    [us ? 'City' : 'Town/City', 'Required; letters, spaces and hyphens.'],
    ...(us ? [['State', 'Required; the two-letter code (IL).']] : []),
    [us ? 'Zip Code' : 'Postcode', us ? 'Required; 5 digits or 5+4 (60607 or 60607-1234).' : 'Required; a UK postcode (IG11 0DS).'],
    ['Phone', us ? 'Optional; 10 digits.' : 'Optional; 10 digits after +44 or the leading 0.'],
    ['Domain', 'Optional; the primary web domain (example.com).'],
    [us ? 'NAICS Code' : 'SIC Code', us ? 'Optional; a 2 to 6 digit NAICS 2022 code.' : 'Optional; a UK SIC 2007 code with its leading zero (01110).'],
    ['Contact First Name, Last Name, Email, Phone', "Optional; the account's contact."],
    ['', 'One account per line of the first sheet, below its header. A line that fails is reported with its reason; the others are created.'],
  ]);
  notes['!cols'] = [{ wch: 44 }, { wch: 100 }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, accounts, 'Accounts');
  XLSX.utils.book_append_sheet(workbook, example, 'Example');
  XLSX.utils.book_append_sheet(workbook, notes, 'Notes');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
