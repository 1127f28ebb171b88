import { describe, expect, it } from 'vitest';
import { hasBoldMarkup, parseMarkup, plainText, takeVisible, visibleLength } from './bot-markup';

describe('parseMarkup', () => {
  it('reads **bold**, <b>, <strong> and <br> into runs', () => {
    expect(parseMarkup('Found **3 homes** in <b>Whitefield</b>.<br/>Next: <strong>budget</strong>')).toEqual([
      { text: 'Found ', bold: false },
      { text: '3 homes', bold: true },
      { text: ' in ', bold: false },
      { text: 'Whitefield', bold: true },
      { text: '.\nNext: ', bold: false },
      { text: 'budget', bold: true },
    ]);
  });

  it('leaves any other tag as the characters it is (nothing is ever HTML)', () => {
    expect(parseMarkup('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', bold: false }]);
  });

  it('counts and cuts visible characters only', () => {
    const runs = parseMarkup('ab **cd** ef');
    expect(visibleLength(runs)).toBe(8);
    expect(takeVisible(runs, 4)).toEqual([
      { text: 'ab ', bold: false },
      { text: 'c', bold: true },
    ]);
    expect(plainText('ab **cd** ef')).toBe('ab cd ef');
  });

  it('counts an emoji as one character', () => {
    expect(visibleLength(parseMarkup('🏠 home'))).toBe(6);
  });

  it('knows bold markup when it sees it', () => {
    expect(hasBoldMarkup('**yes**')).toBe(true);
    expect(hasBoldMarkup('<B>yes</B>')).toBe(true);
    expect(hasBoldMarkup('no ** here')).toBe(false);
  });
});
