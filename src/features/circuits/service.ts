import { ApiError, notFound } from '../../server/http/errors.ts';
import { invalidBody } from '../../server/http/json-body.ts';
import type { Emitter } from '../../server/events.ts';
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

/** A circuit saved (created or replaced) or deleted, once the database holds the change. */
export interface CircuitChanged {
  how: 'saved' | 'deleted';
  museumId: number;
  circuitId: number;
}

/**
 * The museum's circuits: the staff's calls. `events` is told after every write
 * (src/app/subscribers.ts): the visitor pages and scans this process keeps name the old circuit.
 */
export function circuitsService(
  repo: CircuitsRepo,
  options: {
    events?: Emitter<'circuitChanged', CircuitChanged> | undefined;
    maxCircuits?: number;
  } = {},
) {
  const maxCircuits = options.maxCircuits ?? MAX_CIRCUITS;
  return {
    list(museumId: number): Promise<CircuitDocument[]> {
      return repo.list(museumId);
    },

    /** The articles a circuit would leave out for visitors: nothing in them yet. */
    emptyArticles(museumId: number): Promise<number[]> {
      return repo.emptyArticles(museumId);
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
      await options.events?.emit('circuitChanged', {
        how: 'saved',
        museumId,
        circuitId: outcome.id,
      });
      const circuit = await repo.find(museumId, outcome.id);
      if (!circuit) throw missing();
      return { circuit, created: body.id === undefined };
    },

    async remove(museumId: number, id: number): Promise<DeletedCircuit> {
      if (!(await repo.remove(museumId, id))) throw missing();
      await options.events?.emit('circuitChanged', { how: 'deleted', museumId, circuitId: id });
      return { id, deleted: true };
    },
  };
}

export type CircuitsService = ReturnType<typeof circuitsService>;
