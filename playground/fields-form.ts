/**
 * A form generated from a template's fields (listFields), and the `fields` request it produces.
 * One input per field name: text, date, check box, dropdown, picture (file), table (one row per line,
 * cells separated by `|`). Loops, conditions and groups are filled through `data` in the API; they
 * are listed here without an input.
 */
import type { FieldInfo, FieldInput } from '../engine/template';

const INPUT_PREFIX = 'field-';

/** Fills `form` with one labelled input per distinct field name; returns how many inputs were made. */
export function buildFieldsForm(form: HTMLFormElement, fields: readonly FieldInfo[]): number {
  form.replaceChildren();
  const seen = new Set<string>();
  let inputs = 0;
  for (const f of fields) {
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    const label = document.createElement('label');
    label.textContent = `${f.alias ?? f.name} (${f.type})`;
    const input = inputFor(f);
    if (!input) {
      const note = document.createElement('p');
      note.textContent = `${f.name}: ${f.type} — set through the API's data object.`;
      form.append(note);
      continue;
    }
    input.id = `${INPUT_PREFIX}${inputs}`;
    input.dataset.field = f.name;
    input.dataset.type = f.type;
    label.htmlFor = input.id;
    form.append(label, input);
    inputs++;
  }
  return inputs;
}

function inputFor(f: FieldInfo): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | undefined {
  switch (f.type) {
    case 'text': case 'richText': case 'comboBox': {
      const i = document.createElement('input');
      i.type = 'text';
      i.placeholder = typeof f.currentValue === 'string' ? f.currentValue : '';
      return i;
    }
    case 'date': {
      const i = document.createElement('input');
      i.type = 'date';
      return i;
    }
    case 'checkbox': {
      const i = document.createElement('input');
      i.type = 'checkbox';
      i.checked = f.currentValue === true;
      return i;
    }
    case 'dropdown': {
      const s = document.createElement('select');
      for (const item of f.items ?? []) s.append(new Option(item.displayText, item.value));
      return s;
    }
    case 'image': {
      const i = document.createElement('input');
      i.type = 'file';
      i.accept = 'image/png,image/jpeg';
      return i;
    }
    case 'table': {
      const t = document.createElement('textarea');
      t.rows = 3;
      t.placeholder = 'One row per line, cells separated by |';
      return t;
    }
    default:
      return undefined;
  }
}

/** Reads the form into an API `fields` list; empty inputs are left out (the field stays as it is). */
export async function readFieldsForm(form: HTMLFormElement): Promise<FieldInput[]> {
  const out: FieldInput[] = [];
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[data-field]'))) {
    const id = el.dataset.field!;
    const type = el.dataset.type!;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') out.push({ id, type: 'checkbox', value: el.checked });
    else if (el instanceof HTMLInputElement && el.type === 'file') {
      const file = el.files?.[0];
      if (file) out.push({ id, type: 'image', value: await dataUrl(file) });
    } else if (el.value.trim() !== '') {
      if (type === 'table') out.push({ id, type: 'table', value: el.value.split('\n').filter((l) => l.trim() !== '').map((l) => l.split('|').map((c) => c.trim())) });
      else if (type === 'date') out.push({ id, type: 'date', value: el.value });
      else if (type === 'dropdown') out.push({ id, type: 'dropdown', value: el.value });
      else out.push({ id, type: 'text', value: el.value });
    }
  }
  return out;
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}
