import { describe, expect, it } from 'vitest';
import {
  TYPING_REFERENCE_LENGTH,
  hasFooterMenu,
  mergeBotTexts,
  pickBotText,
  plainBotText,
  splitBotContent,
  typingPlan,
} from '@/widgets/assistant-drawer';
import { camelCaseKey } from '@/shared/lib';
import type { DrawerView } from '@/shared/model';
import { DEFAULT_BOT_TEXTS } from '@/widgets/assistant-drawer/lib/default-bot-texts';

const textOf = (n: number) => 'а'.repeat(n);

describe('typing plan (spec §9 typing animation)', () => {
  it('BY_SIGN takes about 800 ms and BY_WORD about 1600 ms for a text of reference length', () => {
    const text = 'слово '.repeat(TYPING_REFERENCE_LENGTH).slice(0, TYPING_REFERENCE_LENGTH);
    expect(typingPlan(text, 'BY_SIGN').totalMs).toBe(800);
    expect(typingPlan(text, 'BY_WORD').totalMs).toBe(1600);
  });

  it('scales with length, within limits', () => {
    expect(typingPlan(textOf(40), 'BY_SIGN').totalMs).toBe(400);
    expect(typingPlan(textOf(120), 'BY_SIGN').totalMs).toBe(1200);
    expect(typingPlan(textOf(2), 'BY_SIGN').totalMs).toBe(200);
    expect(typingPlan(textOf(10_000), 'BY_SIGN').totalMs).toBe(1600);
    expect(typingPlan(textOf(10_000), 'BY_WORD').totalMs).toBe(3200);
  });

  it('splits by sign or by word so the steps join back into the text', () => {
    const text = 'Привет, я риелтор!  Тут вопросы.';
    const bySign = typingPlan(text, 'BY_SIGN');
    expect(bySign.steps).toHaveLength(Array.from(text).length);
    expect(bySign.steps.join('')).toBe(text);
    const byWord = typingPlan(text, 'BY_WORD');
    expect(byWord.steps).toEqual(['Привет, ', 'я ', 'риелтор!  ', 'Тут ', 'вопросы.']);
    expect(byWord.stepMs * byWord.steps.length).toBeCloseTo(byWord.totalMs);
  });

  it('INSTANT, empty text and reduced motion show everything at once', () => {
    expect(typingPlan('Текст', 'INSTANT')).toEqual({ steps: ['Текст'], stepMs: 0, totalMs: 0 });
    expect(typingPlan('', 'BY_SIGN').totalMs).toBe(0);
    expect(typingPlan('Текст', 'BY_WORD', { reducedMotion: true })).toEqual({ steps: ['Текст'], stepMs: 0, totalMs: 0 });
  });
});

describe('footer menu rule (spec §2)', () => {
  it.each<[DrawerView, boolean]>([
    ['LEXS', true],
    ['LIRA_CREATION', true],
    ['LIRA_MAIN', true],
    ['LIRA_ALTERNATIVE', true],
    ['SUBSCRIPTION_INFO', true],
    ['ANALYTICS_SETTINGS', true],
    ['FAQ', false],
    ['LEXS_SIDEBAR', false],
    ['LIRA_SIDEBAR', false],
    ['FAVOURITES_SIDEBAR', false],
    ['DISLIKE', false],
    ['LIRA_SWITCH', false],
  ])('%s → %s', (view, shown) => expect(hasFooterMenu(view)).toBe(shown));
});

describe('bot texts', () => {
  it('converts snake_case keys like the spec', () => {
    expect(camelCaseKey('assist_1st_msg')).toBe('assist1stMsg');
    expect(camelCaseKey('lira_main_bad_filters')).toBe('liraMainBadFilters');
  });

  it('merges overrides and ignores unknown keys and empty texts', () => {
    const texts = mergeBotTexts(DEFAULT_BOT_TEXTS, [
      { key: 'lexs_text', text: 'Выберите район' },
      { key: 'lira_main_bad_filters', text: 'Мало' },
      { key: 'unknown_key', text: 'x' },
      { key: 'lira_switch', text: '   ' },
    ]);
    expect(pickBotText(texts, 'LEXS')).toBe('Выберите район');
    expect(pickBotText(texts, 'LIRA_MAIN', 'badFilters')).toBe('Мало');
    expect(pickBotText(texts, 'LIRA_SWITCH')).toBe('Что хотите изменить?');
    expect(DEFAULT_BOT_TEXTS.LEXS?.default).toBe('Настройте свои параметры');
  });

  it('the FAQ greeting (assist_1st_msg) wins over faqText whatever the order', () => {
    const texts = mergeBotTexts(DEFAULT_BOT_TEXTS, [
      { key: 'assist_1st_msg', text: 'Приветствие' },
      { key: 'faq_text', text: 'Другое' },
    ]);
    expect(pickBotText(texts, 'FAQ')).toBe('Приветствие');
  });
});

describe('images in bot messages (spec §2)', () => {
  it('replaces markdown and HTML images with placeholders, keeping the text around them', () => {
    expect(splitBotContent('До ![план](https://x.test/a.png) после <img src="b.png" alt="фото"> конец')).toEqual([
      { kind: 'text', text: 'До ' },
      { kind: 'image', alt: 'план' },
      { kind: 'text', text: ' после ' },
      { kind: 'image', alt: 'фото' },
      { kind: 'text', text: ' конец' },
    ]);
    expect(splitBotContent('Без картинок')).toEqual([{ kind: 'text', text: 'Без картинок' }]);
    expect(plainBotText('Смотрите: <img src=x>!')).toBe('Смотрите: !');
  });
});
