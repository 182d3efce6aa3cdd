import { accessTable } from '../../support/rule-tables.ts';
import { type GenerationWorld, generationWorld } from './generation-world.ts';

const build = () => generationWorld('http://127.0.0.1:9/chat');

/** What a launch refuses; a refused launch opens no run or launch, writes no item and queues no job. */
accessTable<GenerationWorld>('refused launch', build, [
  {
    rule: 'a MEMBER launches',
    act: ({ useCases, a, mine }) =>
      useCases.launchInferenceGeneration.execute(a.member, { versionId: mine.version.id }),
    expected: 'allowed',
  },
  {
    rule: "another organization's version is unknown",
    act: ({ useCases, a, theirs }) =>
      useCases.launchInferenceGeneration.execute(a.owner, { versionId: theirs.version.id }),
    expected: 'not_found',
  },
  {
    rule: 'an unknown version',
    act: ({ useCases, a }) => useCases.launchInferenceGeneration.execute(a.owner, { versionId: 'version_none' }),
    expected: 'not_found',
  },
  {
    rule: "another organization's specification is unknown",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.launchInferenceGeneration.execute(a.owner, {
        versionId: mine.version.id,
        specificationIds: [theirs.specification.id],
      }),
    expected: 'not_found',
  },
  {
    rule: "another organization's run is unknown",
    prepare: async ({ useCases, b, theirs }) => {
      await useCases.createRun.execute(b.owner, { productId: theirs.product.id });
    },
    act: async ({ useCases, a, b, mine }) => {
      const [run] = await useCases.listRuns.execute(b.owner, {});
      return useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id, runId: run.id });
    },
    expected: 'not_found',
  },
  {
    rule: 'a version without a conversation endpoint connection',
    prepare: async ({ useCases, a, mine }) => {
      await useCases.updateVersion.execute(a.owner, mine.version.id, { conversationEndpointConnectionId: null });
    },
    act: ({ useCases, a, mine }) => useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id }),
    expected: 'invalid_input',
  },
  {
    rule: 'a version whose connection was deleted',
    prepare: async ({ useCases, a, mine }) => {
      await useCases.deleteEndpointConnection.execute(a.owner, mine.connection.id);
    },
    act: ({ useCases, a, mine }) => useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id }),
    expected: 'invalid_input',
  },
  {
    rule: "a specification of another of the organization's products",
    prepare: async ({ useCases, a }) => {
      const other = await useCases.createProduct.execute(a.owner, { name: 'Other product' });
      await useCases.createSpecification.execute(a.owner, { productId: other.id, name: 'Elsewhere' });
    },
    act: async ({ useCases, a, mine }) => {
      const specifications = await useCases.listSpecifications.execute(a.owner, { names: ['Elsewhere'] });
      return useCases.launchInferenceGeneration.execute(a.owner, {
        versionId: mine.version.id,
        specificationIds: specifications.map((specification) => specification.id),
      });
    },
    expected: 'invalid_input',
  },
  {
    rule: 'nothing to play: the datasets asked for are not linked',
    act: ({ useCases, a, mine, theirs }) =>
      useCases.launchInferenceGeneration.execute(a.owner, {
        versionId: mine.version.id,
        datasetIds: [theirs.dataset.id],
      }),
    expected: 'invalid_input',
  },
  {
    rule: 'nothing to play: every test case deleted',
    prepare: async ({ useCases, a, mine }) => {
      for (const testCase of mine.testCases) await useCases.deleteTestCase.execute(a.owner, testCase.id);
    },
    act: ({ useCases, a, mine }) => useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id }),
    expected: 'invalid_input',
  },
]);
