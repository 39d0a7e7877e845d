// The browser's reading of a rippled `tx` answer: the same as the server's (infra/xrpl's
// ledgerTransactionOf) on API v2 answers (it reads API v1's too), a memo under another type or not JSON ignored, and
// something that is not a transaction read as none.
import { convertStringToHex, type TxResponse } from 'xrpl';
import { describe, expect, it } from 'vitest';
import { ledgerTransactionOf } from './ledger';
import { ledgerRecordOfTxAnswer } from '../../domain/proofs/ledger-answer';

const memo = (type: string, data: string) => ({ Memo: { MemoType: convertStringToHex(type), MemoData: convertStringToHex(data) } });
const registration = { trackId: 't-1', sha256: 'ab'.repeat(32), certificateId: 'GOOSE-CERT-1', title: 'Midnight Rain' };
const account = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

function answer(memos: unknown[], v2 = true): TxResponse['result'] {
  const fields = { TransactionType: 'AccountSet', Account: account, Memos: memos };
  const common = { hash: 'A'.repeat(64), validated: true, ledger_index: 4242, meta: { TransactionResult: 'tesSUCCESS' } };
  return (v2 ? { ...common, tx_json: fields } : { ...common, ...fields }) as unknown as TxResponse['result'];
}

const memoOf = (record: { memo: { sha256: string; certificateId: string } | null }) => (record.memo ? { sha256: record.memo.sha256, certificateId: record.memo.certificateId } : null);

describe('ledgerRecordOfTxAnswer', () => {
  it.each([
    ['an API v2 answer with the registration memo', answer([memo('other/type', '{}'), memo('goose/registration', JSON.stringify(registration))])],
    ['a memo of our type that is not JSON', answer([memo('goose/registration', 'not json')])],
    ['a memo whose hash is malformed', answer([memo('goose/registration', JSON.stringify({ ...registration, sha256: 'xyz' }))])],
    ['no memos at all', answer([])],
  ])('reads %s as the server does', (_name, result) => {
    const browser = ledgerRecordOfTxAnswer(result)!;
    const server = ledgerTransactionOf(result);
    expect({ ...browser, memo: memoOf(browser) }).toEqual({ ...server, memo: memoOf(server) });
  });

  it('reads the registration memo, the sender, validation and result, from an API v1 answer (fields at the top) too', () => {
    const expected = { validated: true, ledgerIndex: 4242, engineResult: 'tesSUCCESS', account, memo: { sha256: registration.sha256, certificateId: 'GOOSE-CERT-1' } };
    expect(ledgerRecordOfTxAnswer(answer([memo('goose/registration', JSON.stringify(registration))]))).toEqual(expected);
    expect(ledgerRecordOfTxAnswer(answer([memo('goose/registration', JSON.stringify(registration))], false))).toEqual(expected);
  });

  it('reads what is not a transaction as none', () => {
    expect(ledgerRecordOfTxAnswer(null)).toBeNull();
    expect(ledgerRecordOfTxAnswer({ validated: true })).toBeNull();
  });
});
