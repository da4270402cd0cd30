import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Classes, H4, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../shared/api/users.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { FactsTable, type Fact } from '../components/FactsTable.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useEndpointQuery } from '../kit/data.js';
import { useLanguage } from '../i18n/i18n.js';
import { AuditLog } from './AuditLog.js';
import { DeleteUserDialog } from './DeleteUserDialog.js';
import { roleLabels } from './roleLabel.js';

function Profile({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const rows: Fact[] = [
    [t('users.field.phone'), operator.phone],
    [t('users.field.name'), operator.name],
    [t('users.field.firstName'), operator.first_name || t('common.none')],
    [t('users.field.roles'), roleLabels(operator.roles, t)],
    [
      t('users.field.disabled'),
      operator.disabled ? (
        <Tag intent={Intent.DANGER}>{t('users.disabledYes')}</Tag>
      ) : (
        <Tag intent={Intent.SUCCESS} minimal>
          {t('users.disabledNo')}
        </Tag>
      ),
    ],
    [t('users.field.bio'), operator.bio || t('common.none')],
    [t('users.field.avatar'), operator.avatar || t('common.none')],
    [t('users.field.createdAt'), formatDateTime(operator.createdAt, lang)],
    [t('users.field.updatedAt'), formatDateTime(operator.updatedAt, lang)],
    [t('users.field.lastLogin'), formatDateTime(operator.lastLoginAt, lang) || t('users.neverSignedIn')],
  ];
  return <FactsTable facts={rows} className="profile-table" testId="user-profile" />;
}

export function UserDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { phone = '' } = useParams();
  const user = useEndpointQuery('users.get', { phone });
  const [deleting, setDeleting] = useState(false);
  const listPath = routeById('admin.users').path;

  if (user.isPending) return <Spinner />;
  if (user.error) {
    return (
      <>
        <QueryErrorCallout title={t('users.detail.loadFailed', { phone })} query={user} />
        <p>
          <Link to={listPath}>{t('users.backToList')}</Link>
        </p>
      </>
    );
  }
  const op = user.data;
  return (
    <div className="user-detail">
      <div className="toolbar">
        <Link to={listPath} className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
          {t('users.backToList')}
        </Link>
        <span className="toolbar-spacer" />
        <Link
          to={fillPath(routeById('admin.userEdit').path, { phone: op.phone })}
          className={Classes.BUTTON}
          data-testid="edit-user"
        >
          {t('common.edit')}
        </Link>
        <Button
          intent={Intent.DANGER}
          icon="trash"
          onClick={() => setDeleting(true)}
          text={t('common.delete')}
          data-testid="delete-user"
        />
      </div>
      <Card className="user-card">
        <H4 data-testid="user-name">
          {op.name}
          {op.first_name && <span className={Classes.TEXT_MUTED}> ({op.first_name})</span>}
        </H4>
        <Profile operator={op} />
      </Card>
      <Card className="user-card">
        <H4>{t('users.logs.title')}</H4>
        <AuditLog phone={op.phone} />
      </Card>
      <DeleteUserDialog
        operator={op}
        isOpen={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          toasts.success(t('users.delete.done', { name: op.name }));
          void navigate(listPath, { replace: true });
        }}
      />
    </div>
  );
}
