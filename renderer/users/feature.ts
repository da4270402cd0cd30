import { rendererFeature } from '../feature.js';
import { UserCreatePage } from './UserCreatePage.js';
import { UserDetailPage } from './UserDetailPage.js';
import { UserEditPage } from './UserEditPage.js';
import { UsersListPage } from './UsersListPage.js';

/** Operator management (super-admin). */
export const usersFeature = rendererFeature({
  id: 'users',
  screens: {
    'admin.users': UsersListPage,
    'admin.userCreate': UserCreatePage,
    'admin.user': UserDetailPage,
    'admin.userEdit': UserEditPage,
  },
});
