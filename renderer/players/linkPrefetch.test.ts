import { describe, expect, it } from 'vitest';
import { playerPath } from '../../shared/routes.js';
import { playerLinkTarget } from './linkPrefetch.js';

describe('the player a link leads to', () => {
  const id = '76561198000000042';

  it('reads the id, and the tab and query when the link names them', () => {
    expect(playerLinkTarget('ymmj', `#${playerPath('ymmj', id)}`)?.params).toEqual({ id });
    const withTab = playerLinkTarget('ymmj', `#${playerPath('ymmj', id, 'equipment')}?eqview=paged`);
    expect(withTab?.params).toEqual({ id, tab: 'equipment' });
    expect(withTab?.search.get('eqview')).toBe('paged');
  });

  it('is nothing for links elsewhere, or to another game’s player', () => {
    expect(playerLinkTarget('ymmj', '#/home')).toBeNull();
    expect(playerLinkTarget('ymmj', `#${playerPath('lw', id)}`)).toBeNull();
    expect(playerLinkTarget('ymmj', 'https://example.com/')).toBeNull();
  });
});
