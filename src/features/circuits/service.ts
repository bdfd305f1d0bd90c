import { ApiError, notFound } from '../../server/http/errors.ts';
import { invalidBody } from '../../server/http/json-body.ts';
import type { CircuitsRepo } from './repo.ts';
import { MAX_CIRCUITS, type CircuitDocument, type DeletedCircuit } from './schema.ts';

const missing = () => notFound('No such circuit in your museum.');

export interface SaveCircuit {
  id?: number | undefined;
  name: string;
  title: string;
  intro: string;
  articleIds: number[];
}

/**
 * The museum's circuits (ADR 0018). `changed` is told after every write: the visitor
 * pages and scans this process keeps name the old circuit.
 */
export function circuitsService(
  repo: CircuitsRepo,
  options: { changed?: () => void; maxCircuits?: number } = {},
) {
  const maxCircuits = options.maxCircuits ?? MAX_CIRCUITS;
  return {
    list(museumId: number): Promise<CircuitDocument[]> {
      return repo.list(museumId);
    },

    /** Creates (no id) or replaces a circuit; all or nothing. */
    async save(
      museumId: number,
      body: SaveCircuit,
    ): Promise<{ circuit: CircuitDocument; created: boolean }> {
      if (body.id === undefined && (await repo.count(museumId)) >= maxCircuits) {
        throw new ApiError(
          409,
          'too_many_circuits',
          `A museum keeps at most ${maxCircuits} circuits; delete one first.`,
        );
      }
      const outcome = await repo.save(museumId, body.id, body);
      if (!outcome.ok) {
        if (outcome.reason === 'not_articles') {
          throw invalidBody(
            outcome.indexes.map((i) => ({
              path: `articleIds.${i}`,
              message: 'is not an article of your museum',
            })),
          );
        }
        if (outcome.reason === 'name_taken') {
          throw new ApiError(
            409,
            'name_taken',
            `name: "${body.name}" is already the address of another circuit.`,
            { details: [{ path: 'name', message: 'is already the address of another circuit' }] },
          );
        }
        throw missing();
      }
      options.changed?.();
      const circuit = await repo.find(museumId, outcome.id);
      if (!circuit) throw missing();
      return { circuit, created: body.id === undefined };
    },

    async remove(museumId: number, id: number): Promise<DeletedCircuit> {
      if (!(await repo.remove(museumId, id))) throw missing();
      options.changed?.();
      return { id, deleted: true };
    },
  };
}

export type CircuitsService = ReturnType<typeof circuitsService>;
