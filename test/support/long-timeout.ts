// Tests on PostgreSQL (in-process and process tiers) may take minutes on a busy machine.
jest.setTimeout(120000);
