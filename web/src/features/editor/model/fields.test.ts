import { CLIPBOARD_KEY, copyElements, readClipboard } from './clipboard';
import { blankDocument, type DesignElement } from './document';
import { fillField, formFields, missingFields, type FieldRequirement } from './fields';

const text = (id: string, value: string): DesignElement => ({ id, type: 'text', x: 0, y: 0, width: 100, height: 20, text: value });

const [nameField, venueField, goneField]: [FieldRequirement, FieldRequirement, FieldRequirement] = [
  { key: 'name', label: "Celebrant's name", element_id: 'name-el', required: true, max_length: 5 },
  { key: 'venue', label: 'Venue', element_id: 'venue-el' },
  { key: 'gone', label: 'Gone', element_id: 'deleted-el', required: true },
];
const requirements = [nameField, venueField, goneField];

describe('field form', () => {
  const doc = blankDocument(100, 100);
  doc.pages[0] = { id: 'p', children: [text('name-el', 'Ada'), text('venue-el', '')] };

  test('shows the fields whose element is in the document with its text', () => {
    expect(formFields(doc, requirements).map((f) => [f.label, f.value])).toEqual([
      ["Celebrant's name", 'Ada'],
      ['Venue', ''],
    ]);
  });

  test('filling a field writes the element text, cut to the longest allowed (Yoruba letters count as one)', () => {
    expect(fillField(nameField, 'Ọlájùmọ̀kẹ́')).toEqual({ text: 'Ọlájù' });
    expect(fillField(venueField, '₦ 5,000 at Ikeja')).toEqual({ text: '₦ 5,000 at Ikeja' });
    expect(fillField({ key: 'logo', label: 'Logo', element_id: 'x', kind: 'image' }, 'https://x/y.png')).toEqual({ src: 'https://x/y.png' });
  });

  test('required fields left blank are named', () => {
    const fields = formFields(doc, [...requirements, { key: 'v2', label: 'Date', element_id: 'venue-el', required: true }]);
    expect(missingFields(fields)).toEqual(['Date']);
  });
});

describe('clipboard', () => {
  beforeEach(() => localStorage.clear());

  test('copied elements can be read back (also by another design)', () => {
    copyElements([text('a', 'Hello')]);
    expect(readClipboard().map((e) => e.text)).toEqual(['Hello']);
  });

  test('nothing copied, or something unreadable, pastes nothing', () => {
    expect(readClipboard()).toEqual([]);
    localStorage.setItem(CLIPBOARD_KEY, '{not json');
    expect(readClipboard()).toEqual([]);
    localStorage.setItem(CLIPBOARD_KEY, JSON.stringify({ version: 1, elements: [{ id: 3 }, text('ok', 'x')] }));
    expect(readClipboard().map((e) => e.id)).toEqual(['ok']);
  });
});
