import { checkFileSize, fileMediaType, fileUri } from '../../domain/dataset-generation/knowledge-file.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { storableText } from '../../domain/shared/storable-text.ts';
import type { Ports } from '../ports/ports.ts';

/** What POST /files answers: the file's opaque uri and how it came. */
export interface StoredFileView {
  readonly uri: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly sizeBytes: number;
}

/**
 * POST /files: keeps an uploaded knowledge file for the caller's organization. Its type comes from its name (415 for
 * another), its size is bounded (413); its text is extracted once, now, and stored in the database with it.
 */
export class UploadFile {
  constructor(private readonly ports: Pick<Ports, 'knowledgeFiles' | 'textExtractor' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, upload: { filename: string; bytes: Uint8Array }): Promise<StoredFileView> {
    const mimeType = fileMediaType(upload.filename);
    checkFileSize(upload.bytes.byteLength);
    const text = await this.ports.textExtractor.extract({ mimeType, bytes: upload.bytes });
    const file = await this.ports.knowledgeFiles.insert({
      id: this.ports.ids.next('file'),
      organizationId: actor.organizationId,
      userId: actor.userId,
      filename: upload.filename.slice(0, 255),
      mimeType,
      sizeBytes: upload.bytes.byteLength,
      text: storableText(text),
      createdAt: this.ports.clock.now(),
      deletedAt: null,
    });
    return { uri: fileUri(file.id), filename: file.filename, mimeType, sizeBytes: file.sizeBytes };
  }
}
