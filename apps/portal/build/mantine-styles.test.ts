import { describe, expect, it } from 'vitest';
import { portalRulesBeforeMantine, unstyledMantineClasses } from './mantine-styles.ts';

const chunk = (fileName: string, code: string) => ({ type: 'chunk' as const, fileName, code });
const css = (fileName: string, source: string | Uint8Array) => ({ type: 'asset' as const, fileName, source });

describe('Mantine classes without a stylesheet in the build', () => {
  it('names a class a script uses that no stylesheet styles, with the script using it', () => {
    const bundle = {
      'index.js': chunk('index.js', 'const classes={root:"m_77c9d27d",inner:"m_80f1301b"};'),
      'modal.js': chunk('modal.js', 'const classes={root:"m_9df02822"};'),
      'index.css': css('index.css', '.m_77c9d27d{cursor:pointer}.m_80f1301b{display:flex}'),
    };
    expect(unstyledMantineClasses(bundle)).toEqual(new Map([['m_9df02822', 'modal.js']]));
  });

  it('finds none when every class is styled, in any stylesheet of the build, as text or bytes', () => {
    const bundle = {
      'index.js': chunk('index.js', '"m_77c9d27d";"m_9df02822"'),
      'index.css': css('index.css', '.m_77c9d27d{cursor:pointer}'),
      'modal.css': css('modal.css', new TextEncoder().encode('.m_9df02822:where([data-x]){top:0}')),
      // A stylesheet's rules for components the scripts never use cost nothing here.
      'dates.css': css('dates.css', '.m_396ce5cb{color:red}'),
    };
    expect(unstyledMantineClasses(bundle).size).toBe(0);
  });

  it('reads only Mantine class names: m_ and eight hex digits', () => {
    const bundle = { 'index.js': chunk('index.js', 'var m_count=1, m_77c9d27dx, am_77c9d27d, m_ABCDEF12;') };
    expect(unstyledMantineClasses(bundle).size).toBe(0);
  });
});

describe("the portal's rules after Mantine's", () => {
  it('names a stylesheet where a rule of the portal comes before one of Mantine’s', () => {
    const bundle = {
      'index.css': css('index.css', '._header_1411c_34{background:#fff}.m_3b16f56b{background:var(--x)}'),
      'modal.css': css('modal.css', '.m_9df02822{top:0}._title_ab12c_3{font-weight:700}'),
      'dates.css': css('dates.css', '.m_396ce5cb{color:red}'),
      'own.css': css('own.css', '._chip_zz9k1_1{margin:0}'),
    };
    expect(portalRulesBeforeMantine(bundle)).toEqual(['index.css']);
  });
});
