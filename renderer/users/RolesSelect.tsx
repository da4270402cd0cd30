import '@blueprintjs/select/lib/css/blueprint-select.css';
import type { InputHTMLAttributes } from 'react';
import { MenuItem, Intent } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../shared/roles.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useEndpointQuery } from '../kit/data.js';
import { FieldFrame } from '../kit/form/Field.js';
import type { BoundState } from '../kit/form/useBoundForm.js';

export function RolesSelect({
  value,
  onChange,
  invalid,
  id,
}: {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  invalid?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  // The choices are the roles the admin service says an operator can hold (GET /admin/roles).
  const roles = useEndpointQuery('users.roles', {}, { staleTime: 10 * 60_000 });
  const label = (r: Role) => t(`role.${r}`);
  const toggle = (r: Role) => onChange(value.includes(r) ? value.filter((x) => x !== r) : [...value, r]);

  const renderItem: ItemRenderer<Role> = (r, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={r}
        ref={ref}
        text={label(r)}
        label={r}
        active={modifiers.active}
        disabled={modifiers.disabled}
        roleStructure="listoption"
        selected={value.includes(r)}
        onClick={handleClick}
        onFocus={handleFocus}
        data-testid={`role-option-${r}`}
      />
    );
  };
  const filter: ItemPredicate<Role> = (query, r) => {
    const q = query.trim().toLowerCase();
    return q === '' || r.toLowerCase().includes(q) || label(r).toLowerCase().includes(q);
  };

  return (
    <>
      <MultiSelect<Role>
        items={roles.data?.roles ?? []}
        disabled={!roles.data}
        selectedItems={[...value]}
        itemRenderer={renderItem}
        itemPredicate={filter}
        onItemSelect={toggle}
        onRemove={(r) => toggle(r)}
        tagRenderer={label}
        resetOnSelect
        fill
        placeholder={t(roles.isPending ? 'users.form.rolesLoading' : 'users.form.rolesPlaceholder')}
        noResults={<MenuItem disabled text={t('users.form.noRoleMatches')} roleStructure="listoption" />}
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        tagInputProps={{
          intent: invalid ? Intent.DANGER : Intent.NONE,
          inputProps: { id, 'data-testid': 'user-roles-input' } as InputHTMLAttributes<HTMLInputElement>,
          tagProps: { minimal: true },
        }}
        menuProps={{ 'aria-label': t('users.form.roles') }}
      />
      {roles.error && (
        <QueryErrorCallout title={t('users.form.rolesFailed')} query={roles} testId="user-roles-error" />
      )}
    </>
  );
}

/** A bound form's roles (an operator's, an access request's approval), picked from the server's roles. */
export function RolesField<D extends { roles: Role[] }>({
  of,
  need,
  className,
}: {
  of: BoundState<D, 'roles'>;
  need?: 'required';
  className?: string;
}) {
  return (
    <FieldFrame of={of} name="roles" {...(need ? { need } : {})} {...(className ? { className } : {})}>
      {(p) => (
        <RolesSelect
          id={p.id}
          value={of.draft.roles}
          onChange={(roles) => of.change({ roles } as Partial<D>)}
          invalid={Boolean(of.errors.roles)}
        />
      )}
    </FieldFrame>
  );
}
