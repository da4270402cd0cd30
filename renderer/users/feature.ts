import { rendererFeature } from '../feature.js';
import { UserCreatePage } from './UserCreatePage.js';
import { UserDetailPage } from './UserDetailPage.js';
import { UserEditPage } from './UserEditPage.js';
import { UsersListPage } from './UsersListPage.js';
import zhCN from './zh-CN.json';
import en from './en.json';

/** Operator management (super-admin). */
export const usersFeature = rendererFeature({
  id: 'users',
  screens: {
    'admin.users': UsersListPage,
    'admin.userCreate': UserCreatePage,
    'admin.user': UserDetailPage,
    'admin.userEdit': UserEditPage,
  },
  texts: { 'zh-CN': zhCN, en },
});
