import type { QueryInterface } from 'sequelize';
import * as identity from './0001-identity.ts';

export interface Migration {
  readonly name: string;
  up(params: { context: QueryInterface }): Promise<void>;
  down(params: { context: QueryInterface }): Promise<void>;
}

/** Every migration in the order it applies; append new ones, never edit an applied one. */
export const migrations: readonly Migration[] = [{ name: '0001-identity', ...identity }];
