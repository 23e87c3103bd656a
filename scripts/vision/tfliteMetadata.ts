/**
 * Writes TFLite model metadata into a .tflite file that has none, at build time.
 *
 * MediaPipe Tasks refuses a float-input model without NormalizationOptions metadata. The
 * face model shipped by @mediapipe/face_detection (short range, 128x128 RGB, float input
 * scaled to [-1, 1]) predates that metadata; everything else the face detector needs has
 * built-in defaults for it. This module adds a `TFLITE_METADATA` buffer holding a
 * ModelMetadata flatbuffer ("M001") with one input tensor: ImageProperties (RGB) and
 * NormalizationOptions (mean and std), nothing else.
 *
 * How the model is extended without a generated TFLite schema: a flatbuffer may only
 * point forward, so a new root Model table (with new `buffers` and `metadata` vectors) is
 * written right after the file header and the old content is moved up by a multiple of
 * 16 bytes (its internal offsets are relative, and 16-byte alignment of tensor data is
 * kept). The new Buffer, Metadata and name string go at the end.
 *
 * Field slots used (TFLite schema, table Model): 0 version, 1 operator_codes,
 * 2 subgraphs, 3 description, 4 buffers, 5 metadata_buffer, 6 metadata, 7 signature_defs;
 * table Buffer: 0 data; table Metadata: 0 name, 1 buffer.
 */
import { Builder } from 'flatbuffers';

const MODEL_FIELDS = 8;
const F_BUFFERS = 4;
const F_METADATA = 6;
const METADATA_NAME = 'TFLITE_METADATA';

const u16 = (b: Buffer, p: number) => b.readUInt16LE(p);
const u32 = (b: Buffer, p: number) => b.readUInt32LE(p);
const i32 = (b: Buffer, p: number) => b.readInt32LE(p);
const align = (n: number, a: number) => Math.ceil(n / a) * a;

export interface ImageInput {
  /** The model's name in its metadata. */
  name: string;
  /** Per channel (or one for all): the input is (pixel - mean) / std. */
  mean: number[];
  std: number[];
  width: number;
  height: number;
}

/** The ModelMetadata flatbuffer for one RGB image input normalised as (x - mean) / std. */
export function imageInputMetadata({ name, mean, std, width, height }: ImageInput): Buffer {
  const b = new Builder(512);
  type Field = [kind: 'offset' | 'int8' | 'int32', slot: number, value: number];
  /** A table of `slots` fields; its children (vectors, strings, tables) are made first. */
  const table = (slots: number, fields: Field[]) => {
    b.startObject(slots);
    for (const [kind, slot, value] of fields) {
      if (kind === 'offset') b.addFieldOffset(slot, value, 0);
      else if (kind === 'int8') b.addFieldInt8(slot, value, 0);
      else b.addFieldInt32(slot, value, 0);
    }
    return b.endObject();
  };
  const vector = (size: 4, add: ((i: number) => void)[]) => {
    b.startVector(size, add.length, 4);
    for (let i = add.length - 1; i >= 0; i--) add[i]!(i);
    return b.endVector();
  };
  const floats = (values: number[]) =>
    vector(
      4,
      values.map((v) => () => b.addFloat32(v)),
    );
  const offsets = (values: number[]) =>
    vector(
      4,
      values.map((v) => () => b.addOffset(v)),
    );

  // NormalizationOptions { mean (0), std (1) }
  const norm = table(2, [
    ['offset', 0, floats(mean)],
    ['offset', 1, floats(std)],
  ]);
  // ProcessUnit { options_type (0) = NormalizationOptions (1), options (1) }
  const unit = table(2, [
    ['int8', 0, 1],
    ['offset', 1, norm],
  ]);
  // ImageProperties { color_space (0) = RGB (1), default_size (1): ImageSize { width, height } }
  const size = table(2, [
    ['int32', 0, width],
    ['int32', 1, height],
  ]);
  const props = table(2, [
    ['int8', 0, 1],
    ['offset', 1, size],
  ]);
  // Content { content_properties_type (0) = ImageProperties (2), content_properties (1) }
  const content = table(3, [
    ['int8', 0, 2],
    ['offset', 1, props],
  ]);
  // TensorMetadata { name (0), content (3), process_units (4) }
  const tensor = table(7, [
    ['offset', 0, b.createString('image')],
    ['offset', 3, content],
    ['offset', 4, offsets([unit])],
  ]);
  // SubGraphMetadata { input_tensor_metadata (2) }
  const subgraph = table(10, [['offset', 2, offsets([tensor])]]);
  // ModelMetadata { name (0), subgraph_metadata (3), min_parser_version (7) }
  const root = table(8, [
    ['offset', 0, b.createString(name)],
    ['offset', 3, offsets([subgraph])],
    ['offset', 7, b.createString('1.0.0')],
  ]);
  b.finish(root, 'M001');
  return Buffer.from(b.asUint8Array());
}

/** Absolute positions of a table's fields (null when absent). */
function tableFields(buf: Buffer, table: number, count: number): (number | null)[] {
  const vt = table - i32(buf, table);
  const vtSize = u16(buf, vt);
  const fields: (number | null)[] = [];
  for (let i = 0; i < count; i++) {
    const at = 4 + 2 * i;
    const off = at < vtSize ? u16(buf, vt + at) : 0;
    fields.push(off ? table + off : null);
  }
  return fields;
}

const deref = (buf: Buffer, pos: number) => pos + u32(buf, pos);

/** Element positions (absolute) of a vector of tables. */
function tableVector(buf: Buffer, vec: number): number[] {
  const n = u32(buf, vec);
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(deref(buf, vec + 4 + 4 * k));
  return out;
}

function metadataNames(buf: Buffer, model: number): string[] {
  const at = tableFields(buf, model, MODEL_FIELDS)[F_METADATA];
  if (at == null) return [];
  return tableVector(buf, deref(buf, at)).map((m) => {
    const name = tableFields(buf, m, 2)[0];
    if (name == null) return '';
    const s = deref(buf, name);
    return buf.toString('utf8', s + 4, s + 4 + u32(buf, s));
  });
}

/** True when the model already has a TFLITE_METADATA entry. */
export function hasTfliteMetadata(model: Buffer): boolean {
  return metadataNames(model, u32(model, 0)).includes(METADATA_NAME);
}

/** A copy of `model` (a .tflite Buffer) with `metadata` (a ModelMetadata flatbuffer) attached. */
export function attachMetadata(model: Buffer, metadata: Buffer): Buffer {
  if (model.toString('latin1', 4, 8) !== 'TFL3')
    throw new Error('Not a TFLite model (no TFL3 identifier)');
  if (hasTfliteMetadata(model)) throw new Error('The model already has TFLITE_METADATA');
  const oldRoot = u32(model, 0);
  const fields = tableFields(model, oldRoot, MODEL_FIELDS);
  const vectorAt = (f: number | null | undefined) =>
    f == null ? [] : tableVector(model, deref(model, f));
  const oldBuffers = vectorAt(fields[F_BUFFERS]);
  const oldMetas = vectorAt(fields[F_METADATA]);

  // New region right after the header: vtable, Model table, buffers vector, metadata vector.
  const vtPos = 8;
  const vtSize = 4 + 2 * MODEL_FIELDS;
  const tablePos = align(vtPos + vtSize, 4);
  const tableSize = 4 + 4 * MODEL_FIELDS;
  const buffersPos = tablePos + tableSize;
  const metasPos = buffersPos + 4 + 4 * (oldBuffers.length + 1);
  const regionEnd = metasPos + 4 + 4 * (oldMetas.length + 1);
  const shift = align(regionEnd - 8, 16);
  const moved = (p: number) => p + shift;

  // Tail: Buffer table, Metadata table, the name, then the metadata bytes (16-aligned).
  const oldEnd = model.length + shift;
  const bufVt = align(oldEnd, 4);
  const bufTable = bufVt + 8; // vtable: size 6 padded to 8 -> [6, 8, 4] + pad
  const metaVt = bufTable + 8;
  const metaTable = metaVt + 8; // vtable: [8, 12, 4, 8]
  const namePos = metaTable + 12;
  const nameBytes = Buffer.from(METADATA_NAME + '\0', 'utf8');
  const dataLenPos = align(namePos + 4 + nameBytes.length + 4, 16) - 4;
  const total = align(dataLenPos + 4 + metadata.length, 16);

  const out = Buffer.alloc(total);
  model.copy(out, moved(8), 8);
  out.write('TFL3', 4, 'latin1');
  out.writeUInt32LE(tablePos, 0);

  // Model vtable and table: scalars and offsets copied, buffers and metadata replaced.
  out.writeUInt16LE(vtSize, vtPos);
  out.writeUInt16LE(tableSize, vtPos + 2);
  out.writeInt32LE(tablePos - vtPos, tablePos);
  fields.forEach((pos, i) => {
    const fieldPos = tablePos + 4 + 4 * i;
    let target: number;
    if (i === F_BUFFERS) target = buffersPos;
    else if (i === F_METADATA) target = metasPos;
    else if (pos == null) return;
    else if (i === 0) {
      // version: a scalar, copied as it is
      out.writeUInt16LE(fieldPos - tablePos, vtPos + 4 + 2 * i);
      out.writeUInt32LE(u32(model, pos), fieldPos);
      return;
    } else target = moved(deref(model, pos));
    out.writeUInt16LE(fieldPos - tablePos, vtPos + 4 + 2 * i);
    out.writeUInt32LE(target - fieldPos, fieldPos);
  });

  const writeVector = (at: number, targets: number[]) => {
    out.writeUInt32LE(targets.length, at);
    targets.forEach((t, k) => out.writeUInt32LE(t - (at + 4 + 4 * k), at + 4 + 4 * k));
  };
  writeVector(buffersPos, [...oldBuffers.map(moved), bufTable]);
  writeVector(metasPos, [...oldMetas.map(moved), metaTable]);

  // Buffer { data }.
  out.writeUInt16LE(6, bufVt);
  out.writeUInt16LE(8, bufVt + 2);
  out.writeUInt16LE(4, bufVt + 4);
  out.writeInt32LE(bufTable - bufVt, bufTable);
  out.writeUInt32LE(dataLenPos - (bufTable + 4), bufTable + 4);
  // Metadata { name, buffer }.
  out.writeUInt16LE(8, metaVt);
  out.writeUInt16LE(12, metaVt + 2);
  out.writeUInt16LE(4, metaVt + 4);
  out.writeUInt16LE(8, metaVt + 6);
  out.writeInt32LE(metaTable - metaVt, metaTable);
  out.writeUInt32LE(namePos - (metaTable + 4), metaTable + 4);
  out.writeUInt32LE(oldBuffers.length, metaTable + 8);
  out.writeUInt32LE(METADATA_NAME.length, namePos);
  nameBytes.copy(out, namePos + 4);
  out.writeUInt32LE(metadata.length, dataLenPos);
  metadata.copy(out, dataLenPos + 4);
  return out;
}
