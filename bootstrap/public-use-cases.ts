import type { UseCases } from '../application/use-cases.ts';

/** A value as the API shows it: records (objects with an `id`) without their internal optimistic-lock `version`. */
export type Public<T> = T extends readonly (infer Item)[]
  ? Public<Item>[]
  : T extends object
    ? T extends { readonly id: string }
      ? { [K in keyof T as K extends 'version' ? never : K]: Public<T[K]> }
      : { [K in keyof T]: Public<T[K]> }
    : T;

/** A use case's methods, answering public shapes. */
export type PublicUseCase<U> = {
  readonly [M in keyof U]: U[M] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<Public<R>>
    : U[M];
};

/** The use cases as the library offers them: the same calls, answering the public shapes HTTP answers. */
export type PublicUseCases = { readonly [K in keyof UseCases]: PublicUseCase<UseCases[K]> };

function withoutVersions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVersions);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const isRecord = typeof (value as { id?: unknown }).id === 'string';
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(isRecord && key === 'version'))
      .map(([key, item]) => [key, withoutVersions(item)]),
  );
}

/** The methods of a use case object, its class's and its ancestors' (constructors aside). */
function methodNames(useCase: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(useCase);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
  }
  return [...names].filter((name) => typeof (useCase as Record<string, unknown>)[name] === 'function');
}

/** Wraps each use case so what its methods answer leaves out the internal `version` of every record in it. */
export function publicUseCases(useCases: UseCases): PublicUseCases {
  const entries = Object.entries(useCases).map(([name, useCase]) => {
    const methods = methodNames(useCase).map((method) => {
      const call = (useCase as unknown as Record<string, (...args: unknown[]) => unknown>)[method]?.bind(useCase);
      return [
        method,
        (...args: unknown[]) => {
          const answer = call?.(...args);
          return answer instanceof Promise ? answer.then(withoutVersions) : withoutVersions(answer);
        },
      ];
    });
    return [name, Object.fromEntries(methods)];
  });
  return Object.fromEntries(entries) as PublicUseCases;
}
