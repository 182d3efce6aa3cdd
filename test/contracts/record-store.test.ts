import test from 'ava';
import { openStorage, storageNames } from '../support/storage-worlds.ts';
import { recordStoreContract } from './record-store.contract.ts';

for (const name of await storageNames()) {
  recordStoreContract(test, name, () => openStorage(name));
}
