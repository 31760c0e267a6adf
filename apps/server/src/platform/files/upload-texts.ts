// The messages of an upload's checks in each language (the Chinese ones are the product's own): the
// caller reads them in the language its Accept-Language asks for.
import { type FileKind, type Language, fileKinds } from '@portal/contract';

export interface UploadTexts {
  notMultipart: string;
  noFile: string;
  notFileField: (field: string) => string;
  nameEmpty: string;
  nameTooLong: (max: number) => string;
  fieldTooLong: (field: string, kb: number) => string;
  tooLarge: (name: string, size: string) => string;
  tooManyFiles: (max: number) => string;
  tooManyFields: string;
  wrongKind: (name: string, allowed: string) => string;
  extensionMismatch: (name: string, kind: string) => string;
  kind: (kind: FileKind) => string;
  /** Between the kinds of a list of allowed kinds. */
  kindSeparator: string;
}

export const uploadTexts: Record<Language, UploadTexts> = {
  'zh-CN': {
    notMultipart: 'file: 请以 multipart/form-data 上传文件',
    noFile: 'file: 请选择要上传的文件',
    notFileField: (field) => `${field}: 文件须放在 file 字段中`,
    nameEmpty: 'file: 文件名不能为空',
    nameTooLong: (max) => `file: 文件名不能超过${max}个字符`,
    fieldTooLong: (field, kb) => `${field}: 表单字段超过 ${kb} KB`,
    tooLarge: (name, size) => `文件 ${name} 超过 ${size} 的上限`,
    tooManyFiles: (max) => `一次最多上传 ${max} 个文件`,
    tooManyFields: '表单字段过多',
    wrongKind: (name, allowed) => `文件 ${name} 不是允许的类型（${allowed}）`,
    extensionMismatch: (name, kind) => `文件 ${name} 的内容是${kind}，与扩展名不符`,
    kind: (kind) => fileKinds[kind].text,
    kindSeparator: '、',
  },
  en: {
    notMultipart: 'file: send the files as multipart/form-data',
    noFile: 'file: choose a file to upload',
    notFileField: (field) => `${field}: files go in the field "file"`,
    nameEmpty: 'file: the file name cannot be empty',
    nameTooLong: (max) => `file: the file name cannot be longer than ${max} characters`,
    fieldTooLong: (field, kb) => `${field}: the form field is larger than ${kb} KB`,
    tooLarge: (name, size) => `File ${name} is larger than the limit of ${size}`,
    tooManyFiles: (max) => (max === 1 ? 'Only one file can be uploaded at once' : `At most ${max} files can be uploaded at once`),
    tooManyFields: 'Too many form fields',
    wrongKind: (name, allowed) => `File ${name} is not of an allowed type (${allowed})`,
    extensionMismatch: (name, kind) => `File ${name} holds a ${kind}, which its extension does not match`,
    kind: (kind) => fileKinds[kind].textEn,
    kindSeparator: ', ',
  },
};
