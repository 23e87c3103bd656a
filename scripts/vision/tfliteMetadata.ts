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
  const vecF32 = (values: number[]) => {
    b.startVector(4, values.length, 4);
    for (let i = values.length - 1; i >= 0; i--) b.addFloat32(values[i]!);
    return b.endVector();
  };
  // NormalizationOptions { mean:[float] (0), std:[float] (1) }
  const meanV = vecF32(mean);
  const stdV = vecF32(std);
  b.startObject(2);
  b.addFieldOffset(0, meanV, 0);
  b.addFieldOffset(1, stdV, 0);
  const norm = b.endObject();
  // ProcessUnit { options_type (0) = NormalizationOptions (1), options (1) }
  b.startObject(2);
  b.addFieldInt8(0, 1, 0);
  b.addFieldOffset(1, norm, 0);
  const unit = b.endObject();
  // ImageSize { width (0), height (1) }
  b.startObject(2);
  b.addFieldInt32(0, width, 0);
  b.addFieldInt32(1, height, 0);
  const size = b.endObject();
  // ImageProperties { color_space (0) = RGB (1), default_size (1) }
  b.startObject(2);
  b.addFieldInt8(0, 1, 0);
  b.addFieldOffset(1, size, 0);
  const props = b.endObject();
  // Content { content_properties_type (0) = ImageProperties (2), content_properties (1) }
  b.startObject(3);
  b.addFieldInt8(0, 2, 0);
  b.addFieldOffset(1, props, 0);
  const content = b.endObject();
  b.startVector(4, 1, 4);
  b.addOffset(unit);
  const unitsV = b.endVector();
  const tensorName = b.createString('image');
  // TensorMetadata { name (0), content (3), process_units (4) }
  b.startObject(7);
  b.addFieldOffset(0, tensorName, 0);
  b.addFieldOffset(3, content, 0);
  b.addFieldOffset(4, unitsV, 0);
  const tensor = b.endObject();
  b.startVector(4, 1, 4);
  b.addOffset(tensor);
  const inputs = b.endVector();
  // SubGraphMetadata { input_tensor_metadata (2) }
  b.startObject(10);
  b.addFieldOffset(2, inputs, 0);
  const subgraph = b.endObject();
  b.startVector(4, 1, 4);
  b.addOffset(subgraph);
  const subgraphs = b.endVector();
  const modelName = b.createString(name);
  const parser = b.createString('1.0.0');
  // ModelMetadata { name (0), subgraph_metadata (3), min_parser_version (7) }
  b.startObject(8);
  b.addFieldOffset(0, modelName, 0);
  b.addFieldOffset(3, subgraphs, 0);
  b.addFieldOffset(7, parser, 0);
  const root = b.endObject();
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
