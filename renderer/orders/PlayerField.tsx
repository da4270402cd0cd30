import { useState } from 'react';
import { InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { useEndpointQuery } from '../kit/data.js';
import { FieldFrame } from '../kit/form/Field.js';
import type { CreateOrderForm } from './createForm.js';

/**
 * The player picker: the player's id, looked up when the operator leaves the field, so the page
 * says whose order it is (or that the game has no such player) before anything is sent.
 */
export function PlayerField({ game, form }: { game: GameId; form: CreateOrderForm }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState('');
  const player = useEndpointQuery('players.get', { game, id: checked }, { enabled: checked !== '' });
  const typed = form.draft.playerId.trim();
  const current = checked !== '' && checked === typed;
  const help = !current ? (
    t('orders.create.playerHelp')
  ) : player.isPending ? (
    <Spinner size={12} />
  ) : player.data ? (
    t('orders.create.playerFound', { name: player.data.name })
  ) : (
    t('orders.create.playerMissing')
  );
  return (
    <FieldFrame
      of={form}
      name="playerId"
      testId="order-create-player"
      help={help}
      danger={current && Boolean(player.error)}
    >
      {(p) => (
        <InputGroup
          id={p.id}
          value={form.draft.playerId}
          maxLength={32}
          intent={p.intent}
          onValueChange={(v) => form.change({ playerId: v })}
          onBlur={() => setChecked(typed)}
          data-testid={p.testId}
          data-player={player.data && current ? 'found' : undefined}
        />
      )}
    </FieldFrame>
  );
}
