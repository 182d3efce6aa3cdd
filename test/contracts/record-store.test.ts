import test from 'ava';
import { openStorage, storageNames } from '../support/storage-worlds.ts';
import { keysetPagesContract } from './keyset-pages.contract.ts';
import { recordStoreContract } from './record-store.contract.ts';

for (const name of await storageNames()) {
  recordStoreContract(test, name, () => openStorage(name));
  keysetPagesContract(test, name, () => openStorage(name));
}
