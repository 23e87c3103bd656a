// The instructor feature's public surface (docs/product.md § Instructors).
export { InstructorScreen } from './InstructorScreen';
export { CourseEditor } from './CourseEditor';
export { CourseScreen } from './CourseScreen';
export { CoursesScreen } from './CoursesScreen';
export { InstructorProfileScreen } from './InstructorProfileScreen';
/** Published courses for the marketplace (one line in its screen). */
export { PublishedCourses } from './PublishedCourses';
